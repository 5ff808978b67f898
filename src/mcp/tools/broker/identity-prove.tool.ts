import type { AgentPrincipal } from '../../../common/auth/principals.js';
import { IdentityService } from '../../../identity/services/identity.service.js';
import { defineTool } from '../../registry/define-tool.js';
import { signupResultProperties, signupResultRequired } from './_schemas.js';
import type { ProveInput, ProveResult } from '../../../identity/identity.types.js';

export const identityProveTool = defineTool<IdentityService, ProveInput, ProveResult>({
  name: 'identity_prove',
  title: 'Accept ToS & mint identity assertion',
  description:
    'Advanced path; prefer identity_signup. Accepts terms and mints the identity assertion from exactly one discovery source: ' +
    'rp_discovery_url (fetched by the broker) or rp_discovery (a discovery object you supply: weaker, refused under a require policy). ' +
    'Returns the assertion with its claims for inspection and how a service verifies it. Do not pass service or rp_attestation. ' +
    'Same side effects as identity_signup (acceptance, ledger mail, verification row, assertion).',
  inputSchema: {
    type: 'object',
    properties: {
      rp_discovery_url: { type: 'string', minLength: 1, maxLength: 2000, description: "The service's discovery document URL (https)." },
      rp_discovery: {
        type: 'object',
        description: 'A discovery document you supply ({issuer, name, audience, terms, endpoints, scopes, attestation?}).',
      },
      accepted_tos_text: { type: 'string', minLength: 1, maxLength: 60000, description: 'The complete terms text you accept.' },
      force_new: { type: 'boolean', description: 'Record a new consent event and mint a new assertion.' },
      service: { description: 'Not accepted with a discovery source (discovery_source_not_allowed); use identity_signup for an origin.' },
      rp_attestation: { description: 'Not accepted (discovery_source_not_allowed).' },
    },
    required: ['accepted_tos_text'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      assertion: {
        type: 'object',
        properties: {
          jwt: { type: 'string' },
          jti: { type: 'string' },
          kid: { type: 'string' },
          typ: { const: 'agent-assertion+jwt' },
          sha256: { type: 'string' },
          issued_at: { type: 'string' },
          expires_at: { type: 'string' },
          claims: { type: 'object', description: 'For inspection only; send the jwt verbatim.' },
        },
        required: ['jwt', 'jti', 'kid', 'typ', 'sha256', 'issued_at', 'expires_at', 'claims'],
        additionalProperties: false,
      },
      verification_instructions: { type: 'object' },
      scopes: { type: 'array', items: { type: 'string' } },
      ...signupResultProperties,
    },
    required: ['assertion', 'verification_instructions', 'scopes', ...signupResultRequired],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['tos:accept'],
  service: IdentityService,
  run: (identity, input, ctx) => identity.prove(ctx.principal as AgentPrincipal, input),
});
