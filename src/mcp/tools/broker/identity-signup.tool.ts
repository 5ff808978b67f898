import type { AgentPrincipal } from '../../../common/auth/principals.js';
import { IdentityService } from '../../../identity/services/identity.service.js';
import { defineTool } from '../../registry/define-tool.js';
import { discoverySourceProperties, signupResultProperties, signupResultRequired } from './_schemas.js';
import type { SignupInput, SignupResult } from '../../../identity/identity.types.js';

export const identitySignupTool = defineTool<IdentityService, SignupInput, SignupResult>({
  name: 'identity_signup',
  title: 'One-call brokered service signup',
  description:
    "The default path to create an account at a service for your human owner. The broker fetches the service's signup terms " +
    '(/.well-known/agent-signup), checks who vouches for it against the policy, records that you accept the terms on your ' +
    "owner's behalf (mailed to your inbox and your owner), and mints a short-lived signed identity assertion. Pass the complete " +
    'terms.text you accept. Then POST the returned signup_request exactly as given (url, headers, raw body {}) yourself — the broker ' +
    'never sends it — and call identity_record_signup with any signup_token the service returns. Identical calls while the assertion ' +
    'is unexpired reuse it; force_new records a new consent event. Do not pass rp_discovery, rp_discovery_url or rp_attestation.',
  inputSchema: {
    type: 'object',
    properties: {
      service: { type: 'string', minLength: 1, maxLength: 300, description: 'The service origin, e.g. https://example.com' },
      accepted_tos_text: {
        type: 'string',
        minLength: 1,
        maxLength: 60000,
        description: 'The complete terms text you accept, exactly as the service publishes it (line endings may differ).',
      },
      force_new: { type: 'boolean', description: 'Record a new consent event and mint a new assertion even if an identical one is valid.' },
      ...discoverySourceProperties,
    },
    required: ['service', 'accepted_tos_text'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      service: {
        type: 'object',
        properties: {
          origin: { type: 'string' },
          audience: { type: 'string' },
          provider: { type: 'object', properties: { name: { type: 'string' }, url: { type: ['string', 'null'] } } },
          terms: { type: 'object', properties: { url: { type: 'string' }, sha256: { type: 'string' }, version: { type: 'string' } } },
          endpoints: { type: 'object', properties: { agent_signup: { type: 'string' } } },
          scopes: { type: 'array', items: { type: 'string' } },
          attestation: {
            type: 'object',
            properties: { status: { type: 'string' }, issuer: {}, jti: {}, level: {}, expires_at: {}, checked_at: { type: 'string' } },
          },
        },
        required: ['origin', 'audience', 'provider', 'terms', 'endpoints', 'scopes', 'attestation'],
      },
      assertion: {
        type: 'object',
        description: 'Send the JWT verbatim (it is in signup_request.headers.Authorization).',
        properties: {
          jwt: { type: 'string' },
          jti: { type: 'string' },
          kid: { type: 'string' },
          typ: { const: 'agent-assertion+jwt' },
          expiry: { type: 'string' },
        },
        required: ['jwt', 'jti', 'kid', 'typ', 'expiry'],
        additionalProperties: false,
      },
      ...signupResultProperties,
    },
    required: ['service', 'rp_verification', 'assertion', ...signupResultRequired, 'signup_request', 'next_steps'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['tos:accept'],
  service: IdentityService,
  run: (identity, input, ctx) => identity.signup(ctx.principal as AgentPrincipal, input),
});
