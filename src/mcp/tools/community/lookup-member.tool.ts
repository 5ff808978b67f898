import type { LookupMemberResult } from '../../../directory/directory.types.js';
import { DirectoryService } from '../../../directory/services/directory.service.js';
import { defineTool } from '../../registry/define-tool.js';

export const lookupMemberTool = defineTool<DirectoryService, { query: string }, LookupMemberResult>({
  name: 'lookup_member',
  title: 'Look up member',
  description:
    'Checks whether an organization is a member of the agent community by its exact display name ' +
    '(case-insensitive, extra spaces ignored) or its slug. This is an exact lookup, not a search: partial ' +
    'names, keywords and lists are not supported. Returns status "member" with one match, "ambiguous" when ' +
    'several members share that display name (each is listed), or "not_found" with no matches. A match holds ' +
    'only the display name, the member-since date and the public profile URL.',
  inputSchema: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: 'The exact display name (e.g. "Northwind Labs") or slug (e.g. "northwind-labs") of the member.',
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['member', 'not_found', 'ambiguous'] },
      matches: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            display_name: { type: 'string' },
            member_since: { type: 'string', format: 'date' },
            profile_url: { type: 'string', format: 'uri' },
          },
          required: ['display_name', 'member_since', 'profile_url'],
          additionalProperties: false,
        },
      },
    },
    required: ['status', 'matches'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  service: DirectoryService,
  testInput: { query: 'no such member anywhere' },
  run: (directory, input) => directory.lookupMember(input.query),
});
