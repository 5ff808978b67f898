import type { AgentPrincipal } from '../../../common/auth/principals.js';
import type { WhoamiView } from '../../../identity/services/identity-profile.js';
import { IdentityService } from '../../../identity/services/identity.service.js';
import { defineTool } from '../../registry/define-tool.js';

export const identityWhoamiTool = defineTool<IdentityService, Record<string, never>, WhoamiView>({
  name: 'identity_whoami',
  title: 'Show agent identity & signup state',
  description:
    'Your agent profile, your verified human owner, your scopes, recent signups and the latest terms acceptance per service, ' +
    'plus documentation links. Call it first, and to check "already signed up?" before a side-effecting tool. Read-only.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: {
      agent: { type: 'object' },
      human: { type: 'object' },
      client: { type: 'object' },
      scopes: { type: 'array', items: { type: 'string' } },
      recent_signups: { type: 'array', items: { type: 'object' } },
      latest_acceptances: { type: 'array', items: { type: 'object' } },
      links: { type: 'object' },
    },
    required: ['agent', 'human', 'client', 'scopes', 'recent_signups', 'latest_acceptances', 'links'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['identity:read'],
  service: IdentityService,
  run: (identity, _input, ctx) => identity.whoami(ctx.principal as AgentPrincipal),
});
