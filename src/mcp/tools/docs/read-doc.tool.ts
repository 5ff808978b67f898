import type { DocReadResult } from '../../../directory/directory.types.js';
import { DirectoryService } from '../../../directory/services/directory.service.js';
import { defineTool } from '../../registry/define-tool.js';

export const readDocTool = defineTool<DirectoryService, { path: string }, DocReadResult>({
  name: 'read_doc',
  title: 'Read documentation page',
  description:
    'Returns one documentation page as Markdown. `path` is the page name from search_docs (e.g. "api-reference"); ' +
    '"api-reference.md", "/docs/api-reference" and "docs://agentry/api-reference" are accepted too.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', minLength: 1, maxLength: 200, description: 'The page, e.g. "mcp-server".' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string' },
      title: { type: 'string' },
      markdown: { type: 'string' },
    },
    required: ['path', 'title', 'markdown'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  service: DirectoryService,
  testInput: { path: 'overview' },
  run: async (directory, input) => directory.readDoc(input.path),
});
