import type { AgentPrincipal } from '../../common/auth/principals.js';
import { OauthService } from '../../oauth/services/oauth.service.js';
import { LEGACY_REVISIONS, MODERN_REVISIONS } from '../protocol/revisions.js';
import { RpcCode } from '../protocol/rpc-errors.js';
import { bearerToken } from '../../common/auth/token.js';
import { brokerResources, brokerTools } from '../tools/broker/index.js';
import type { GateOutcome, McpGate, McpProfile } from '../protocol/server-profile.js';

export const BROKER_PATH = '/broker/mcp';

/** The broker's server version (its own product line: the published contract says 1.0.0). */
export const BROKER_SERVER_VERSION = '1.0.0';

const INSTRUCTIONS = `Agentry identity broker. Your human owner approved you and signed the Master Agent Delegation agreement; this token acts for them.
Workflow: call identity_whoami first to see who you are and what you already signed up to. To create an account at a service, call identity_signup with the service origin and the complete terms text you accept; then POST the returned signup_request exactly as given (url, headers, body {}), and call identity_record_signup with any signup_token the service returns. Use inbox_wait_for_email to receive the service's verification mail and inbox_read to read its one-time code. identity_prove is the advanced path (raw assertion claims, agent-supplied discovery); prefer identity_signup.
Failures return isError with a JSON envelope {"error":{code,message,retryable,side_effects,next_step,docs}}: read side_effects before retrying. Resources agentregistrar://docs/workflow, error-recovery, relying-party-guide and policies explain more.`;

/**
 * The /broker/mcp gate, in the digest's order and before any byte is written: no token → 401
 * Unauthorized (RpcCode) with a challenge without `error`; a bad, unknown, revoked, expired or wrong-audience token
 * → 401 `invalid_token`; owner suspended or agreement not signed → 403 Forbidden (never
 * insufficient_scope, which would make hosts re-authorize in vain). Tool scopes are checked per
 * call (authorizeTool).
 */
export const brokerGate: McpGate = (request, { resolve }): GateOutcome | Promise<GateOutcome> => {
  const oauth = resolve(OauthService);
  const authorization = request.headers.authorization;
  const token = bearerToken(authorization);
  if (token === undefined && authorization !== undefined) {
    return {
      allow: false,
      status: 401,
      code: RpcCode.Unauthorized,
      message: 'Unauthorized: send the access token as Authorization: Bearer mca_….',
      headers: {
        'WWW-Authenticate': oauth.challenge(
          'invalid_token',
          oauth.defaultChallengeScopes,
          'The Authorization header is not a Bearer token.',
        ),
      },
    };
  }
  return oauth.authenticate(token).then((decision): GateOutcome => {
    if (decision.ok) return { allow: true, principal: decision.principal };
    if (decision.status === 401) {
      const kind = decision.reason === 'missing' ? 'missing' : 'invalid_token';
      return {
        allow: false,
        status: 401,
        code: RpcCode.Unauthorized,
        message: `Unauthorized: ${decision.message}`,
        headers: {
          'WWW-Authenticate': oauth.challenge(kind, oauth.defaultChallengeScopes, kind === 'missing' ? undefined : decision.message),
        },
      };
    }
    return {
      allow: false,
      status: 403,
      code: RpcCode.Forbidden,
      message: `Forbidden: ${decision.message}`,
      data: { error: decision.reason },
    };
  });
};

/** The identity broker: OAuth-gated, nine tools (identity and inbox), four documentation resources. */
export function brokerProfile(): McpProfile {
  return {
    name: 'broker',
    mounts: [{ path: BROKER_PATH, source: 'mcp' }],
    modernRevisions: [...MODERN_REVISIONS],
    legacyRevisions: [...LEGACY_REVISIONS],
    gate: brokerGate,
    authorizeTool: (principal, tool, { resolve }) => {
      const agent = principal as AgentPrincipal | undefined;
      const required = tool.scopes ?? [];
      if (!agent || required.length === 0) return undefined;
      const missing = required.filter((s) => !agent.scopes.includes(s));
      if (missing.length === 0) return undefined;
      // granted ∪ required: SDK 1.x re-authorizes with the challenged scopes only.
      const challenge = [...agent.scopes.filter((s) => s !== 'offline_access'), ...missing];
      return {
        allow: false,
        status: 403,
        code: RpcCode.Forbidden,
        message: `Forbidden: ${tool.name} needs the scope ${missing.join(' ')}, which this token was not granted.`,
        data: { error: 'insufficient_scope', required: [...required], granted: [...agent.scopes] },
        headers: {
          'WWW-Authenticate': resolve(OauthService).challenge('insufficient_scope', challenge, `${tool.name} needs ${missing.join(' ')}`),
        },
      };
    },
    // Hosts act on 401/403 and their challenge in every era (a 403 insufficient_scope makes SDK
    // clients re-authorize with the challenged scopes); every other legacy-era error stays at 200.
    legacyErrorStatuses: [401, 403],
    maxBatch: 0,
    getStream: '405',
    bodyLimit: 256 * 1024,
    allowMissingContentType: true,
    strictAccept: false,
    rateLimit: 'general',
    serverInfo: { name: 'agentregistrar', title: 'Agentry identity broker', version: BROKER_SERVER_VERSION },
    instructions: INSTRUCTIONS,
    advertise: true,
    card: {
      id: 'broker',
      title: 'Agentry identity broker',
      description: 'Agent identities, brokered signups with signed assertions, and agent inboxes (OAuth).',
      websitePath: '/docs/broker',
    },
    auth: { type: 'oauth2', resourceMetadata: ({ resolve }) => resolve(OauthService).resourceMetadataUrl },
    tools: brokerTools,
    resources: brokerResources,
    toolErrorBody: (error) => ({
      error: {
        code: error.code,
        message: error.message,
        retryable: error.retryable,
        side_effects: (error.details?.side_effects as Record<string, unknown> | undefined) ?? {},
        next_step: (error.details?.next_step as string | undefined) ?? defaultNextStep(error.code, error.retryable),
        docs: (error.details?.docs as string | undefined) ?? 'agentregistrar://docs/error-recovery',
      },
    }),
  };
}

function defaultNextStep(code: string, retryable: boolean): string {
  if (code === 'validation_failed') return 'Fix the arguments as the message says, then call again.';
  if (code === 'agent_revoked') return 'Ask your human owner to restore this agent or approve a new one.';
  return retryable ? 'Retry the same call shortly.' : 'Read the message; do not retry unchanged.';
}
