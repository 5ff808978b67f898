import type { DocSearchResult } from '../../../directory/directory.types.js';
import { DirectoryService } from '../../../directory/services/directory.service.js';
import { defineTool } from '../../registry/define-tool.js';

export const searchDocsTool = defineTool<DirectoryService, { query: string; limit?: number }, DocSearchResult>({
  name: 'search_docs',
  title: 'Search documentation',
  description:
    "Searches Agentry's published documentation (REST API, MCP servers, onboarding, DMV, Recall). Returns the " +
    'best-matching pages first (typos and a prefix as the last word are tolerated), each with its title, path (for read_doc), resource URI, a short snippet and a ' +
    'relevance score from 0 to 1. An empty list means nothing matched.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 200, description: 'Words to look for, e.g. "rate limit".' },
      limit: { type: 'integer', minimum: 1, maximum: 20, default: 5, description: 'Maximum number of results (default 5).' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string' },
      results: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            title: { type: 'string' },
            path: { type: 'string' },
            uri: { type: 'string' },
            url: { type: 'string', format: 'uri' },
            snippet: { type: 'string' },
            score: { type: 'number', minimum: 0, maximum: 1 },
          },
          required: ['title', 'path', 'uri', 'url', 'snippet', 'score'],
          additionalProperties: false,
        },
      },
    },
    required: ['query', 'results'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  service: DirectoryService,
  testInput: { query: 'rate limit' },
  run: async (directory, input) => directory.searchDocs({ query: input.query, limit: input.limit ?? 5 }),
});
