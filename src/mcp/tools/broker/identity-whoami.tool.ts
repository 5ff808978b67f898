import type { AgentPrincipal } from '../../../common/auth/principals.js';
import { IdentityService } from '../../../identity/services/identity.service.js';
import { defineTool } from '../../registry/define-tool.js';
import type { WhoamiView } from '../../../identity/identity.types.js';

export const identityWhoamiTool = defineTool<IdentityService, Record<string, never>, WhoamiView>({
  name: 'identity_whoami',
  title: 'Show agent identity & signup state',
  description:
    'Your agent profile, your verified human owner, your scopes, recent signups and the latest terms acceptance per service, ' +
    'plus documentation links. Call it first, and to check "already signed up?" before a side-effecting tool. Read-only.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  // No outputSchema: the contract has this tool answer with a text JSON payload.
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['identity:read'],
  service: IdentityService,
  run: (identity, _input, ctx) => identity.whoami(ctx.principal as AgentPrincipal),
});
