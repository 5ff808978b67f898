// Shared JSON Schema pieces of the broker's identity tools (results as documented in
// ../shared/seeds/broker-mcp-tools.md; nested objects list their keys).

const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };

export const rpVerificationSchema = {
  type: 'object',
  description: 'The mint-time verification of the service (stored as an rp_verifications row).',
  properties: {
    id: str,
    status: { enum: ['verified', 'unverified', 'invalid', 'expired', 'untrusted_broker', 'unavailable'] },
    policy: { enum: ['allow', 'warn', 'require', 'block'] },
    allowed: { type: 'boolean' },
    source: { enum: ['discovery', 'agent_supplied_discovery'] },
    issuer: nullableStr,
    jti: nullableStr,
    level: nullableStr,
    expiry: nullableStr,
    checked_at: str,
    reason: nullableStr,
  },
  required: ['status', 'policy', 'allowed', 'source', 'issuer', 'jti', 'level', 'expiry', 'checked_at', 'reason'],
};

export const acceptanceSchema = {
  type: 'object',
  description: 'The recorded delegated acceptance (consent event).',
  properties: {
    id: str,
    service_origin: str,
    audience: str,
    terms_url: str,
    terms_version: str,
    terms_sha256: str,
    source: str,
    recorded_at: str,
  },
  required: ['id', 'service_origin', 'audience', 'terms_sha256', 'recorded_at'],
};

export const ledgerEmailSchema = {
  type: 'object',
  description: 'The ledger copy mailed to the agent inbox and forwarded to the human owner.',
  properties: { status: { const: 'sent' }, to: str, forwarded_to: str, sent_at: nullableStr },
  required: ['status', 'to', 'forwarded_to'],
};

export const signupRequestSchema = {
  type: 'object',
  description: 'The only request to send: POST url with exactly these headers and the raw body {}.',
  properties: {
    url: { type: 'string', format: 'uri' },
    headers: {
      type: 'object',
      properties: { Authorization: { type: 'string', pattern: '^Bearer ' }, 'Content-Type': { const: 'application/json' } },
      required: ['Authorization', 'Content-Type'],
      additionalProperties: false,
    },
    body: { type: 'object', maxProperties: 0 },
  },
  required: ['url', 'headers', 'body'],
  additionalProperties: false,
};

export const sideEffectsSchema = { type: 'object', description: 'What this call changed (acceptance, verification row, assertion, mail).' };
export const nextStepsSchema = { type: 'array', items: str };

export const discoverySourceProperties = {
  rp_discovery: { description: 'Not accepted here (discovery_source_not_allowed): the broker fetches discovery itself.' },
  rp_discovery_url: { description: 'Not accepted here (discovery_source_not_allowed).' },
  rp_attestation: { description: 'Not accepted anywhere (discovery_source_not_allowed).' },
};

/**
 * The result fields identity_signup and identity_prove share: the recorded acceptance, whether it
 * was reused, the service's verification, what the call changed, the agent, the ledger mail and
 * the signup request to send.
 */
export const signupResultProperties = {
  acceptance: acceptanceSchema,
  reuse: { type: 'boolean' },
  rp_verification: rpVerificationSchema,
  rp_verification_warning: {
    type: 'string',
    description: 'Only when a warn policy proceeds: tell your human owner. Advisory, not a safety rating.',
  },
  side_effects: sideEffectsSchema,
  agent_id: str,
  agent_email: str,
  audience: str,
  tos_ledger_email: ledgerEmailSchema,
  signup_request: signupRequestSchema,
  next_steps: nextStepsSchema,
};

/** The shared fields both results always carry. */
export const signupResultRequired = ['acceptance', 'reuse', 'side_effects', 'agent_id', 'agent_email', 'audience', 'tos_ledger_email'];
