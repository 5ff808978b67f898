// What every operation of /openapi.json shares: the error bodies, the reusable error responses with
// their headers, the documented response headers, the global tags, and the pass that attaches them
// (see buildOpenApiDocument in openapi.ts).
import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_EXTENSION_PREFIX, arr, bool, int, obj, str, uuid, type JsonSchema } from './openapi-kit.js';

type Json = Record<string, unknown>;

/** The REST error body, `{"error","message"}` plus the documented extras some errors carry. */
export const ERROR_SCHEMA: JsonSchema = obj(
  {
    error: str({ description: 'A stable, lower-case error code (e.g. validation_failed, not_found, rate_limited).', example: 'not_found' }),
    message: str({ description: 'What went wrong, in words; names the parameter when one is wrong.', example: 'No member with slug x.' }),
  },
  {
    description:
      'Every REST error (not the OAuth endpoints, which answer RFC 6749 OAuthError bodies). Codes are stable; messages may change.',
    optional: {
      field: str({ description: 'validation_failed / invalid_argument: the parameter or field that was wrong.', example: 'limit' }),
      budget: str({ description: 'rate_limited: the budget that ran out (e.g. register, email_daily_cap).', example: 'register' }),
      retry_after_seconds: int({ description: 'rate_limited with a daily cap: seconds until it resets.' }),
      duplicate_of: uuid({ description: 'Recall duplicate: the id of the message this one repeats.' }),
      rows: arr(
        obj(
          { row: int({ description: '1-based row number (line number for NDJSON).' }), errors: arr(str()) },
          { optional: { slug: { type: ['string', 'null'] } } },
        ),
        { description: 'import_rejected: every invalid row with all its problems.' },
      ),
      required: arr(str(), { description: 'insufficient_scope: the scopes the call needs.' }),
      granted: arr(str(), { description: 'insufficient_scope: the scopes the token has.' }),
      side_effects: {
        type: 'object',
        additionalProperties: true,
        description: 'Broker and inbox refusals: what already happened (e.g. {"email_sent": false}).',
      },
      next_step: str({ description: 'Broker and inbox refusals: what to do next.' }),
      docs: str({ description: 'Broker refusals: where to read more.' }),
      since: str({ description: 'wait_timeout: pass it back as since= to miss nothing.' }),
      retryable: bool({ description: 'Whether the same request may succeed later.' }),
    },
  },
);

/** RFC 6749 §5.2 / RFC 7591 §3.2.2 / RFC 7009 error body of /token, /register and /revoke. */
export const OAUTH_ERROR_SCHEMA: JsonSchema = obj(
  {
    error: str({
      description:
        'invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, ' +
        'invalid_target, invalid_redirect_uri, invalid_client_metadata, temporarily_unavailable or server_error.',
      example: 'invalid_grant',
    }),
    error_description: str({ description: 'What went wrong, in words.', example: 'The authorization code is invalid or expired.' }),
  },
  { description: 'An OAuth error (RFC 6749 section 5.2).' },
);

const header = (description: string, schema: JsonSchema = str()): Json => ({ description, schema });

export const RESPONSE_HEADERS: Record<string, Json> = {
  XRequestId: header('The id of this request (also in the access log); quote it when reporting a problem.'),
  RateLimitPolicy: header(
    'Rate-limited routes: the policy that counted this request, `<limit>;w=<window seconds>`.',
    str({ example: '30;w=60' }),
  ),
  RateLimitLimit: header('Requests allowed per window under that policy.', str({ example: '30' })),
  XRateLimitLimit: header('The same as RateLimit-Limit, for older clients.', str({ example: '30' })),
  RateLimitRemaining: header('Requests left in the window (only where the count is exact: the register and per-agent budgets).', str()),
  XRecallWriteRemaining: header('Recall writes only: writes left in the current window of the agent’s write budget.'),
  RetryAfter: header('Seconds to wait before retrying.', str({ example: '60' })),
  WWWAuthenticate: header(
    'The authentication challenge (RFC 6750 Bearer with error, scope and resource_metadata for the broker; Basic for OAuth clients).',
  ),
  Deprecation: header('`true`: this path is deprecated; use the successor named in Link.', str({ enum: ['true'] })),
  Link: header('`<successor path>; rel="successor-version"`.'),
  IdempotencyReplayed: header(
    '`true` when the answer is a stored result replayed for a repeated Idempotency-Key / request_id.',
    str({ enum: ['true'] }),
  ),
  CacheControlNoStore: header('`no-store`: token and credential responses must never be cached.', str({ example: 'no-store' })),
  CacheControl: header('How long the answer may be cached.', str({ example: 'public, max-age=300' })),
  ETag: header('A validator of this representation; send it back as If-None-Match to get 304 when nothing changed.'),
};

const ref = (kind: 'headers' | 'schemas' | 'responses', name: string): Json => ({ $ref: `#/components/${kind}/${name}` });

/** The headers a rate-limited route adds to every answer (errors included). */
export const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
  'RateLimit-Limit': ref('headers', 'RateLimitLimit'),
  'X-RateLimit-Limit': ref('headers', 'XRateLimitLimit'),
  'RateLimit-Remaining': ref('headers', 'RateLimitRemaining'),
};
/** The headers any response may carry: the request id always, the rate-limit headers on rate-limited routes. */
export const COMMON_HEADERS: Json = {
  'X-Request-Id': ref('headers', 'XRequestId'),
  ...RATE_LIMIT_HEADERS,
  'X-Recall-Write-Remaining': ref('headers', 'XRecallWriteRemaining'),
};

const errorContent = (example: Json): Json => ({ 'application/json': { schema: ref('schemas', 'Error'), example } });

export const ERROR_RESPONSES: Record<number, { name: string; response: Json }> = {
  400: {
    name: 'BadRequest',
    response: {
      description: 'validation_failed (or a module code): a parameter or the body is wrong; `message` names it.',
      headers: COMMON_HEADERS,
      content: errorContent({ error: 'validation_failed', message: 'limit must be between 1 and 100', field: 'limit' }),
    },
  },
  401: {
    name: 'Unauthorized',
    response: {
      description: 'No credential, or one that is unknown, revoked or expired.',
      headers: { ...COMMON_HEADERS, 'WWW-Authenticate': ref('headers', 'WWWAuthenticate') },
      content: errorContent({ error: 'unauthorized', message: 'An operator token is required.' }),
    },
  },
  403: {
    name: 'Forbidden',
    response: {
      description:
        'forbidden_host (any request whose Host this deployment does not serve), forbidden_origin (a cross-origin write), ' +
        'or a credential that is valid but not enough: insufficient_scope, owner suspended, agreement not signed, agent revoked.',
      headers: { ...COMMON_HEADERS, 'WWW-Authenticate': ref('headers', 'WWWAuthenticate') },
      content: errorContent({ error: 'forbidden', message: 'This operator token is revoked.' }),
    },
  },
  404: {
    name: 'NotFound',
    response: {
      description: 'not_found (or a module code such as member_not_found): nothing has that id.',
      headers: COMMON_HEADERS,
      content: errorContent({ error: 'member_not_found', message: 'There is no public member with the slug "nobody".' }),
    },
  },
  408: {
    name: 'RequestTimeout',
    response: {
      description: 'wait_timeout: nothing matching arrived in time; call again with the `since` in the body.',
      headers: COMMON_HEADERS,
      content: errorContent({ error: 'wait_timeout', message: 'No matching message arrived within 30 s.' }),
    },
  },
  409: {
    name: 'Conflict',
    response: {
      description: 'The request conflicts with the current state (a taken name, a reused idempotency key, a duplicate).',
      headers: COMMON_HEADERS,
      content: errorContent({ error: 'conflict', message: 'A record with the same unique value already exists.' }),
    },
  },
  413: {
    name: 'PayloadTooLarge',
    response: {
      description: 'payload_too_large: the body is over the route limit (1 MiB unless the operation says otherwise).',
      headers: COMMON_HEADERS,
      content: errorContent({ error: 'payload_too_large', message: 'The request body is too large.' }),
    },
  },
  415: {
    name: 'UnsupportedMediaType',
    response: {
      description: 'unsupported_media_type: send the body as the media type the operation documents.',
      headers: COMMON_HEADERS,
      content: errorContent({ error: 'unsupported_media_type', message: 'Unsupported Content-Type; send application/json.' }),
    },
  },
  422: {
    name: 'UnprocessableContent',
    response: {
      description: 'The input is well-formed but unusable (e.g. rp_discovery_failed: the service publishes no usable discovery document).',
      headers: COMMON_HEADERS,
      content: errorContent({ error: 'rp_discovery_failed', message: 'The discovery document is not valid.' }),
    },
  },
  429: {
    name: 'TooManyRequests',
    response: {
      description: 'rate_limited: a budget ran out; retry after Retry-After seconds.',
      headers: { ...COMMON_HEADERS, 'Retry-After': ref('headers', 'RetryAfter') },
      content: errorContent({
        error: 'rate_limited',
        message: 'Rate limit exceeded for the general budget (30 requests per 60 s); retry after 60 s.',
      }),
    },
  },
  502: {
    name: 'BadGateway',
    response: {
      description: 'An upstream the call depends on failed (the mail relay, a relying party); `retryable` says whether to retry.',
      headers: COMMON_HEADERS,
      content: errorContent({ error: 'mail_relay_failed', message: 'The mail relay refused the message.', retryable: true }),
    },
  },
  503: {
    name: 'ServiceUnavailable',
    response: {
      description: 'database_unavailable / service_unavailable: a dependency is down; retry after Retry-After seconds.',
      headers: { ...COMMON_HEADERS, 'Retry-After': ref('headers', 'RetryAfter') },
      content: errorContent({ error: 'database_unavailable', message: 'The database is unavailable right now; retry shortly.' }),
    },
  },
};

/** The global tags, one naming scheme ("Area" for clients, "Admin: area" for operators), each described. */
export const API_TAGS: Array<{ name: string; description: string }> = [
  { name: 'Service', description: 'Health probes, the home page and the guide for agents.' },
  { name: 'Directory', description: 'The public member directory: members, search, map profiles, globe, stats, documentation search.' },
  {
    name: 'Directory (deprecated)',
    description: 'Unversioned aliases of the directory API kept for earlier clients (Deprecation and Link headers name the successor).',
  },
  { name: 'DMV', description: 'Free, non-binding .agent name pre-registrations and the public certificate lookup.' },
  {
    name: 'OAuth',
    description: 'The OAuth 2.1 authorization server of the identity broker (discovery, authorize, token, register, revoke).',
  },
  { name: 'Broker', description: "The identity broker's REST mirror for agents (an OAuth access token with the operation's scope)." },
  { name: 'Broker inbox', description: "The agent mailbox's REST mirror (the inbox tools of /broker/mcp)." },
  { name: 'Recall', description: 'Shared agent memory: anonymous reads; writes with the agent’s own arc_ credential.' },
  { name: 'Admin: operators', description: 'Operator accounts (operator token).' },
  { name: 'Admin: directory', description: 'Operator management of the directory; every change is audited.' },
  { name: 'Admin: DMV', description: 'Operator management of DMV registrations and reserved names.' },
  {
    name: 'Admin: identity broker',
    description: 'Operator management of owners, agents, clients, tokens, agreements, trust roots and keys.',
  },
  { name: 'Admin: inbox', description: 'Operator management of mailboxes, held mail and suppressions.' },
  { name: 'Admin: recall', description: 'Operator moderation of Recall.' },
  { name: 'Admin: mail', description: 'The outbound mail queue and its dead letter.' },
];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Objects whose schema lists properties and says nothing about others are closed. */
function closeObjects(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(closeObjects);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (o.properties && typeof o.properties === 'object' && o.additionalProperties === undefined && !o.allOf) {
    o.additionalProperties = false;
  }
  for (const value of Object.values(o)) closeObjects(value);
}

/**
 * Attaches what decorators cannot say: the shared error responses an operation declared with
 * ApiErrors, `security: []` on the operations that need no credential, X-Request-Id on every
 * response, and closed objects.
 */
export function finishOperations(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (!op) continue;
      const responses = (op.responses ??= {}) as Record<string, Json>;
      for (const key of Object.keys(op)) {
        if (!key.startsWith(ERROR_EXTENSION_PREFIX)) continue;
        const status = Number(key.slice(ERROR_EXTENSION_PREFIX.length));
        delete op[key];
        const existing = responses[String(status)];
        if (existing?.content) continue; // the operation documents its own body for this status
        responses[String(status)] = ref('responses', ERROR_RESPONSES[status].name);
      }
      for (const response of Object.values(responses)) {
        if (response.$ref) continue;
        response.headers = { ...COMMON_HEADERS, ...((response.headers as Json | undefined) ?? {}) };
      }
      // The Host/Origin policy answers 403 forbidden_host on every route (configureApp's onRequest hook).
      responses['403'] ??= ref('responses', ERROR_RESPONSES[403].name);
      if (!op.security) op.security = [];
    }
  }
  const components = document.components as Json;
  closeObjects(components.schemas);
  closeObjects(document.paths);
}
