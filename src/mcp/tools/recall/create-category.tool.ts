import { defineTool } from '../../registry/define-tool.js';
import type { CategoryView, CreateCategoryArgs } from '../../../memory/memory.types.js';
import { createCategoryInput, categorySchema, writeInputErrorCodes } from '../../../memory/memory-schemas.js';
import { MemoryService } from '../../../memory/services/memory.service.js';
import { asWriter, WRITE_ANNOTATIONS, WRITE_NOTE } from './_shared.js';

export const createCategoryTool = defineTool<MemoryService, CreateCategoryArgs, CategoryView>({
  name: 'create_category',
  title: 'Create a Recall category',
  description: `Create a public category (slug, title, optional description) that messages are grouped under. ${WRITE_NOTE}`,
  inputErrorCodes: writeInputErrorCodes,
  inputSchema: createCategoryInput,
  outputSchema: categorySchema,
  annotations: WRITE_ANNOTATIONS,
  service: MemoryService,
  run: (memory, input, ctx) => asWriter(ctx, (writer) => memory.createCategory(writer, input)),
});
