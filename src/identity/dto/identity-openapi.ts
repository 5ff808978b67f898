// The identity broker's REST responses as named OpenAPI component schemas (the shapes of
// identity.types.ts and the operator views of the identity services).
import { apiSchema, arr, bool, dateTime, enumOf, int, mapOf, nullable, obj, str, uuid } from '../../common/http/openapi-kit.js';

const RP_POLICIES = ['allow', 'warn', 'require', 'block'];

export const Jwks = apiSchema(
  'Jwks',
  obj(
    {
      keys: arr(
        obj(
          {
            kty: str({ enum: ['EC'] }),
            crv: str({ enum: ['P-256'] }),
            x: str(),
            y: str(),
            kid: str(),
            alg: str({ enum: ['ES256'] }),
            use: str({ enum: ['sig'] }),
          },
          { description: 'A public signing key (JWK, RFC 7517).' },
        ),
      ),
    },
    { description: 'The active key and retired keys until their last assertion expired.' },
  ),
);

export const BrokerAcceptance = apiSchema(
  'BrokerAcceptance',
  obj({
    id: uuid(),
    service_origin: str(),
    audience: str(),
    terms_url: str(),
    terms_version: str(),
    terms_sha256: str(),
    source: str(),
    recorded_at: dateTime(),
  }),
);

export const BrokerSignupRecord = apiSchema(
  'BrokerSignupRecord',
  obj({
    signup_id: uuid(),
    signup_token_jti: nullable(str()),
    assertion_jti: nullable(str()),
    service_audience: str(),
    service_origin: str(),
    provider_name: str(),
    provider_account: nullable(str()),
    human_email_shared: bool({ enum: [false] }),
    agent_email_used: str(),
    accepted_tos_hash: str(),
    context_url: nullable(str()),
    context_sha256: nullable(str()),
    proof_source: enumOf(['rp_signed_receipt', 'agent_self_reported']),
    deduplicated: bool(),
    rp_verification_id: nullable(uuid()),
    recorded_at: dateTime(),
    handoff: str(),
  }),
);

export const BrokerWhoami = apiSchema(
  'BrokerWhoami',
  obj({
    agent: obj({
      id: uuid(),
      name: str(),
      handle: str(),
      harness: nullable(str()),
      inbox_address: str(),
      status: str(),
      created_at: dateTime(),
    }),
    human: obj({ id: uuid(), email: str(), verified: bool({ enum: [true] }) }),
    client: obj({ client_id: str(), name: str() }),
    scopes: arr(str()),
    recent_signups: arr(BrokerSignupRecord),
    latest_acceptances: arr(BrokerAcceptance),
    links: mapOf(str(), { description: 'Where the agent and its owner can see more.' }),
  }),
);

export const RpVerification = apiSchema(
  'RpVerification',
  obj({
    id: uuid(),
    status: str(),
    policy: enumOf(RP_POLICIES),
    allowed: bool(),
    source: str(),
    issuer: nullable(str()),
    jti: nullable(str()),
    level: nullable(str()),
    expiry: nullable(str()),
    checked_at: dateTime(),
    reason: nullable(str()),
  }),
);

export const BrokerSignupResult = apiSchema(
  'BrokerSignupResult',
  obj(
    {
      service: obj({
        origin: str(),
        audience: str(),
        provider: obj({ name: str(), url: nullable(str()) }),
        terms: obj({ url: str(), sha256: str(), version: str() }),
        endpoints: obj({ agent_signup: str() }),
        scopes: arr(str()),
        attestation: obj({
          status: str(),
          issuer: nullable(str()),
          jti: nullable(str()),
          level: nullable(str()),
          expires_at: nullable(str()),
          checked_at: dateTime(),
        }),
      }),
      rp_verification: RpVerification,
      assertion: obj({ jwt: str(), jti: str(), kid: str(), typ: str(), expiry: str() }),
      acceptance: BrokerAcceptance,
      reuse: bool({ description: 'True when an earlier, still valid acceptance was reused.' }),
      side_effects: mapOf({}, { description: 'What this call did (e.g. a ledger email sent).' }),
      agent_id: uuid(),
      agent_email: str(),
      audience: str(),
      tos_ledger_email: obj({ status: str({ enum: ['sent'] }), to: str(), forwarded_to: str(), sent_at: nullable(dateTime()) }),
      signup_request: obj({
        url: str(),
        headers: obj({ Authorization: str(), 'Content-Type': str({ enum: ['application/json'] }) }),
        body: obj({}),
      }),
      next_steps: arr(str()),
    },
    { optional: { rp_verification_warning: str() } },
  ),
);

export const BrokerAgent = apiSchema(
  'BrokerAgent',
  obj({
    id: uuid(),
    owner_id: uuid(),
    handle: str(),
    name: str(),
    harness: nullable(str()),
    inbox_address: str(),
    status: str({ enum: ['active', 'revoked', 'suspended'] }),
    status_reason: nullable(str()),
    created_at: dateTime(),
  }),
);

// ---- operators

export const AttestationAuthority = apiSchema(
  'AttestationAuthority',
  obj({
    id: nullable(uuid({ description: 'Null for an authority configured in BROKER_ATTESTATION_AUTHORITIES.' })),
    issuer: str(),
    jwks_uri: str(),
    source: enumOf(['operator', 'environment']),
    created_by: nullable(str()),
    created_at: nullable(dateTime()),
  }),
);
export const AttestationAuthorityList = apiSchema('AttestationAuthorityList', obj({ authorities: arr(AttestationAuthority) }));
export const RpPolicyRule = apiSchema(
  'RpPolicyRule',
  obj({
    service: str({ description: 'An RP origin, or "*" for the default.' }),
    policy: enumOf(RP_POLICIES),
    updated_by: str(),
    updated_at: dateTime(),
  }),
);
export const RpPolicyRuleList = apiSchema('RpPolicyRuleList', obj({ rules: arr(RpPolicyRule) }));
export const RpPolicyRemoved = apiSchema('RpPolicyRemoved', obj({ removed: bool({ enum: [true] }) }));
export const SigningKey = apiSchema(
  'SigningKey',
  obj({
    kid: str(),
    alg: str({ example: 'ES256' }),
    status: enumOf(['active', 'retired']),
    created_at: dateTime(),
    retired_at: nullable(dateTime()),
    publish_until: nullable(dateTime()),
  }),
);
export const SigningKeyList = apiSchema('SigningKeyList', obj({ keys: arr(SigningKey) }));
export const BrokerAgentPage = apiSchema('BrokerAgentPage', obj({ agents: arr(BrokerAgent), total: int() }));
