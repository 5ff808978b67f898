import type { AgentPrincipal } from '../../../common/auth/principals.js';
import { IdentityService } from '../../../identity/services/identity.service.js';
import { defineTool } from '../../registry/define-tool.js';
import { discoverySourceProperties } from './_schemas.js';
import type { RecordSignupRequest, SignupRecordView } from '../../../identity/identity.types.js';

const nullable = { type: ['string', 'null'] };

export const identityRecordSignupTool = defineTool<IdentityService, RecordSignupRequest, SignupRecordView>({
  name: 'identity_record_signup',
  title: 'Record signed-up service proof',
  description:
    'Records (or confirms) proof that this agent signed up to a service. Supply exactly one source: signup_token (the receipt the ' +
    'service returned, verified against the attestation it names) or self_report {service, account?, context_url?} (weaker and ' +
    'unsigned; needs a recorded acceptance; never overwrites a receipt). Idempotent on the receipt jti.',
  inputSchema: {
    type: 'object',
    properties: {
      signup_token: { type: 'string', minLength: 1, maxLength: 20000, description: "The service's signed receipt, exactly as returned." },
      self_report: {
        type: 'object',
        properties: {
          service: { type: 'string', minLength: 1, maxLength: 300, description: 'The service origin.' },
          account: { type: 'string', minLength: 1, maxLength: 300, description: 'Your account id at the service.' },
          context_url: { type: 'string', minLength: 1, maxLength: 2000, description: 'A URL that shows the signup.' },
        },
        required: ['service'],
        additionalProperties: false,
      },
      ...discoverySourceProperties,
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      signup_id: { type: 'string' },
      signup_token_jti: nullable,
      assertion_jti: nullable,
      service_audience: { type: 'string' },
      service_origin: { type: 'string' },
      provider_name: { type: 'string' },
      provider_account: nullable,
      human_email_shared: { type: 'boolean' },
      agent_email_used: { type: 'string' },
      accepted_tos_hash: { type: 'string' },
      context_url: nullable,
      context_sha256: nullable,
      proof_source: { enum: ['rp_signed_receipt', 'agent_self_reported'] },
      deduplicated: { type: 'boolean' },
      rp_verification_id: nullable,
      recorded_at: { type: 'string' },
      handoff: { type: 'string' },
    },
    required: [
      'signup_id',
      'signup_token_jti',
      'assertion_jti',
      'service_audience',
      'provider_name',
      'provider_account',
      'human_email_shared',
      'agent_email_used',
      'accepted_tos_hash',
      'context_url',
      'context_sha256',
      'proof_source',
      'deduplicated',
      'rp_verification_id',
      'handoff',
    ],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['identity:write'],
  service: IdentityService,
  run: (identity, input, ctx) => identity.recordSignup(ctx.principal as AgentPrincipal, input),
});
