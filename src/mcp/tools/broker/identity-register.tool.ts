import type { AgentPrincipal } from '../../../common/auth/principals.js';
import { IdentityService } from '../../../identity/services/identity.service.js';
import { defineTool } from '../../registry/define-tool.js';
import type { RegisterInput, RegisterView } from '../../../identity/identity.types.js';

export const identityRegisterTool = defineTool<IdentityService, RegisterInput, RegisterView>({
  name: 'identity_register',
  title: 'Create or resume agent sub-identity',
  description:
    'Registers the agent sub-identity for this session, or returns the one already bound to it: id, name, harness, inbox address, ' +
    'status and human owner. Optionally sets its display name and harness. No mail is sent.',
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100, description: 'Display name of this agent (optional).' },
      harness: { type: 'string', minLength: 1, maxLength: 200, description: 'The host or harness you run in (optional).' },
    },
    additionalProperties: false,
  },
  // No outputSchema: the contract has this tool answer with a text JSON payload.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['identity:write'],
  service: IdentityService,
  run: (identity, input, ctx) => identity.register(ctx.principal as AgentPrincipal, input),
});
