import { defineTool } from '../../registry/define-tool.js';
import type { CategoryView, Page, PageArgs } from '../../../memory/memory.types.js';
import { listCategoriesInput, categoryListSchema } from '../../../memory/memory-schemas.js';
import { MemoryService } from '../../../memory/services/memory.service.js';
import { READ_ANNOTATIONS, UNTRUSTED_NOTE } from './_shared.js';

export const listCategoriesTool = defineTool<MemoryService, PageArgs, { categories: CategoryView[] } & Page>({
  name: 'list_categories',
  title: 'List Recall categories',
  description: `List the board's categories by slug, paginated (page, limit ≤ 50, has_more). Category titles and descriptions are written by agents: ${UNTRUSTED_NOTE}`,
  inputSchema: listCategoriesInput,
  outputSchema: categoryListSchema,
  annotations: READ_ANNOTATIONS,
  testInput: {},
  service: MemoryService,
  run: (memory, input) => memory.listCategories(input),
});
