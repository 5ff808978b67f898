// The broker's OAuth endpoints and operator views in /openapi.json: the oauth2 security scheme
// (authorization code with PKCE, the real endpoints and scopes), the request and response bodies of
// /token, /register and /revoke, and the operator views of owners, clients, tokens and agreements.
import {
  apiSchema,
  apiSecurityScheme,
  arr,
  bool,
  dateTime,
  enumOf,
  int,
  mapOf,
  nullable,
  obj,
  str,
  uuid,
} from '../../common/http/openapi-kit.js';
import { ALL_SCOPES, SCOPES } from '../domain/scopes.js';

apiSecurityScheme('oauth2', (base) => ({
  type: 'oauth2',
  description:
    'OAuth 2.1 authorization code flow with PKCE (S256 only; code_challenge is required) against this broker. ' +
    'Clients register dynamically (POST /register, RFC 7591) or use a Client ID Metadata Document URL as client_id. ' +
    'Access tokens are opaque `mca_…` strings (not JWTs), sent as `Authorization: Bearer mca_…`; refresh tokens ' +
    '(`mcr_…`, with offline_access) rotate on every use. Discovery: /.well-known/oauth-authorization-server.',
  flows: {
    authorizationCode: {
      authorizationUrl: `${base}/authorize`,
      tokenUrl: `${base}/token`,
      refreshUrl: `${base}/token`,
      scopes: { ...SCOPES },
    },
  },
}));

const SCOPE_LIST = 'Space-separated scopes: ' + ALL_SCOPES.join(', ') + '.';
const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];

export const AuthorizationServerMetadata = apiSchema(
  'AuthorizationServerMetadata',
  obj(
    {
      issuer: str({ format: 'uri' }),
      authorization_endpoint: str({ format: 'uri' }),
      token_endpoint: str({ format: 'uri' }),
      registration_endpoint: str({ format: 'uri' }),
      revocation_endpoint: str({ format: 'uri' }),
      jwks_uri: str({ format: 'uri' }),
      response_types_supported: arr(str()),
      response_modes_supported: arr(str()),
      grant_types_supported: arr(str()),
      code_challenge_methods_supported: arr(str()),
      token_endpoint_auth_methods_supported: arr(str()),
      revocation_endpoint_auth_methods_supported: arr(str()),
      scopes_supported: arr(str()),
      client_id_metadata_document_supported: bool(),
      authorization_response_iss_parameter_supported: bool(),
      service_documentation: str({ format: 'uri' }),
    },
    { description: 'RFC 8414 authorization server metadata.' },
  ),
);

export const ProtectedResourceMetadata = apiSchema(
  'ProtectedResourceMetadata',
  obj(
    {
      resource: str({ format: 'uri' }),
      authorization_servers: arr(str({ format: 'uri' })),
      scopes_supported: arr(str()),
      bearer_methods_supported: arr(str()),
      resource_name: str(),
      resource_documentation: str({ format: 'uri' }),
    },
    { description: 'RFC 9728 protected-resource metadata.' },
  ),
);

const clientAuth = {
  client_id: str({ description: 'Public clients (and client_secret_post) send it here; client_secret_basic sends it in Authorization.' }),
  client_secret: str({ description: 'client_secret_post only.' }),
};

export const TokenRequest = apiSchema(
  'TokenRequest',
  obj(
    { grant_type: enumOf(['authorization_code', 'refresh_token']) },
    {
      description: 'application/x-www-form-urlencoded (RFC 6749 sections 4.1.3 and 6); each parameter at most once.',
      optional: {
        code: str({ description: 'authorization_code: the code from the redirect.' }),
        redirect_uri: str({ description: 'authorization_code: the redirect_uri of the authorization request.' }),
        code_verifier: str({ minLength: 43, maxLength: 128, description: 'authorization_code: the PKCE verifier.' }),
        refresh_token: str({ description: 'refresh_token: the mcr_ token (rotated on every use).' }),
        scope: str({ description: `refresh_token: a subset of the granted scopes. ${SCOPE_LIST}` }),
        resource: str({ format: 'uri', description: 'Absent or exactly PUBLIC_BASE_URL/broker/mcp (RFC 8707).' }),
        ...clientAuth,
      },
    },
  ),
);

export const TokenResponse = apiSchema(
  'TokenResponse',
  obj(
    {
      access_token: str({ description: 'An opaque mca_ token.', example: 'mca_3q2…' }),
      token_type: str({ enum: ['Bearer'] }),
      expires_in: int({ description: 'Seconds until the access token expires.', example: 3600 }),
      scope: str({ description: SCOPE_LIST, example: 'identity:read inbox:read' }),
    },
    { optional: { refresh_token: str({ description: 'An opaque mcr_ token, with offline_access.' }) } },
  ),
);

export const RevokeRequest = apiSchema(
  'RevokeRequest',
  obj(
    {},
    {
      description: 'application/x-www-form-urlencoded (RFC 7009); unknown tokens are accepted silently.',
      optional: {
        token: str({ description: 'The access or refresh token to revoke.' }),
        token_type_hint: enumOf(['access_token', 'refresh_token']),
        ...clientAuth,
      },
    },
  ),
);
export const RevokeResponse = apiSchema('RevokeResponse', obj({}, { description: 'Always an empty object.' }));

const echoed = {
  client_uri: str(),
  logo_uri: str(),
  tos_uri: str(),
  policy_uri: str(),
  software_id: str(),
  software_version: str(),
  application_type: str(),
  contacts: arr(str(), { maxItems: 5 }),
};

export const ClientRegistrationRequest = apiSchema(
  'ClientRegistrationRequest',
  obj(
    { redirect_uris: arr(str(), { minItems: 1 }) },
    {
      description: 'RFC 7591 client metadata (application/json). Unknown members are ignored.',
      open: true,
      optional: {
        client_name: str({ maxLength: 200 }),
        grant_types: arr(enumOf(['authorization_code', 'refresh_token'])),
        response_types: arr(enumOf(['code'])),
        token_endpoint_auth_method: enumOf(AUTH_METHODS),
        scope: str({ description: SCOPE_LIST }),
        ...echoed,
      },
    },
  ),
);

export const ClientRegistration = apiSchema(
  'ClientRegistration',
  obj(
    {
      client_id: str({ example: 'mcc_…' }),
      client_id_issued_at: int({ description: 'Unix seconds.' }),
      client_name: str(),
      redirect_uris: arr(str()),
      grant_types: arr(str()),
      response_types: arr(str()),
      token_endpoint_auth_method: enumOf(AUTH_METHODS),
    },
    {
      description: 'RFC 7591 registration response: the accepted metadata; client_secret only for confidential clients (shown once).',
      optional: { scope: str(), client_secret: str(), client_secret_expires_at: int({ enum: [0] }), ...echoed },
    },
  ),
);

// ---- operators

export const BrokerOwner = apiSchema(
  'BrokerOwner',
  obj({
    id: uuid(),
    email: str(),
    status: enumOf(['active', 'suspended']),
    status_reason: nullable(str()),
    created_at: dateTime(),
    last_sign_in_at: nullable(dateTime()),
  }),
);
const page = { total: int(), limit: int(), offset: int() };
export const BrokerOwnerPage = apiSchema('BrokerOwnerPage', obj({ owners: arr(BrokerOwner), ...page }));

export const BrokerClient = apiSchema(
  'BrokerClient',
  obj({
    id: uuid(),
    client_id: str(),
    kind: enumOf(['dynamic', 'cimd', 'preregistered']),
    client_name: str(),
    redirect_uris: arr(str()),
    grant_types: arr(str()),
    token_endpoint_auth_method: enumOf(AUTH_METHODS),
    scope: nullable(str()),
    created_by: nullable(str()),
    created_at: dateTime(),
    last_used_at: nullable(dateTime()),
    revoked_at: nullable(dateTime()),
  }),
);
export const BrokerClientPage = apiSchema('BrokerClientPage', obj({ clients: arr(BrokerClient), ...page }));

export const BrokerToken = apiSchema(
  'BrokerToken',
  obj(
    {
      id: uuid(),
      kind: enumOf(['code', 'access', 'refresh']),
      owner_id: uuid(),
      client_row_id: uuid(),
      agent_id: uuid(),
      grant_id: uuid(),
      scopes: arr(str()),
      resource: str(),
      created_at: dateTime(),
      expires_at: dateTime(),
      used_at: nullable(dateTime()),
      revoked_at: nullable(dateTime()),
      revoked_reason: nullable(str()),
    },
    { description: 'Token metadata; token values are never stored.' },
  ),
);
export const BrokerTokenPage = apiSchema('BrokerTokenPage', obj({ tokens: arr(BrokerToken), ...page }));

export const BrokerAuditEntry = apiSchema(
  'BrokerAuditEntry',
  obj({
    id: uuid(),
    actor: str(),
    action: str(),
    subject_type: str(),
    subject_id: str(),
    owner_id: nullable(uuid()),
    detail: mapOf({}),
    created_at: dateTime(),
  }),
);
export const BrokerAuditPage = apiSchema('BrokerAuditPage', obj({ entries: arr(BrokerAuditEntry), total: int() }));

export const AgreementVersion = apiSchema('AgreementVersion', obj({ version: str(), sha256: str(), published_at: dateTime() }));
export const Agreement = apiSchema('Agreement', obj({ version: str(), sha256: str(), text: str(), published_at: dateTime() }));

/** An owner's passkey as an operator sees it: never the public key or the credential id. */
export const BrokerPasskey = apiSchema(
  'BrokerPasskey',
  obj({
    id: uuid(),
    name: str(),
    created_at: dateTime(),
    last_used_at: nullable(dateTime()),
    synced: bool({ description: 'Synced across devices (e.g. a password manager) rather than bound to one device.' }),
    backed_up: bool(),
    blocked: bool({ description: 'Blocked because a sign-in showed its counter going backwards (a copied authenticator).' }),
  }),
);
export const BrokerPasskeyList = apiSchema('BrokerPasskeyList', obj({ passkeys: arr(BrokerPasskey) }));
export const BrokerPasskeysRevoked = apiSchema(
  'BrokerPasskeysRevoked',
  obj({ revoked: int({ minimum: 0, description: 'How many passkeys were removed.' }) }),
);
