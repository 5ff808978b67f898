// Authenticated fuzzing of /broker/mcp for bench/fuzz.mjs: principals with VALID access tokens,
// inserted into the fuzzed app's database the way test/support/factories and test/support/broker.ts
// do (owner who signed the current agreement, agent, pre-registered client, grant, mca_ token), and
// requests that call all nine broker tools with valid and mutated arguments, under every scope set.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const ALL_BROKER_SCOPES = ['identity:read', 'identity:write', 'tos:accept', 'inbox:read', 'inbox:send'];

/** Scope sets the principals get: everything, and narrower ones (wrong-scope calls). */
const SCOPE_SETS = [
  ALL_BROKER_SCOPES,
  ALL_BROKER_SCOPES,
  ALL_BROKER_SCOPES,
  ['identity:read'],
  ['inbox:read'],
  ['inbox:send', 'tos:accept'],
  [],
];

const sha256 = (value) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * Inserts `count` principals; returns [{ token, agentId, handle, tokenId, scopes }]. `sql` is a
 * connected pg Client on the app's database.
 */
export async function createBrokerPrincipals(sql, { publicBaseUrl, count = SCOPE_SETS.length }) {
  const resource = `${publicBaseUrl}/broker/mcp`;
  const principals = [];
  for (let i = 0; i < count; i++) {
    const scopes = SCOPE_SETS[i % SCOPE_SETS.length];
    const suffix = randomBytes(4).toString('hex');
    const {
      rows: [owner],
    } = await sql.query(`INSERT INTO oauth_owner (email) VALUES ($1) RETURNING id`, [`fuzz-owner-${suffix}@example.org`]);
    await sql.query(
      `INSERT INTO oauth_delegation_signature (owner_id, version, text_sha256, ip_hash)
       SELECT $1, version, sha256, $2 FROM oauth_delegation_agreement ORDER BY published_at DESC, version DESC LIMIT 1
       ON CONFLICT DO NOTHING`,
      [owner.id, sha256('127.0.0.1')],
    );
    const handle = `fuzz-agent-${suffix}`;
    const {
      rows: [agent],
    } = await sql.query(`INSERT INTO identity_agent (owner_id, handle, name, harness) VALUES ($1, $2, $3, $4) RETURNING id`, [
      owner.id,
      handle,
      `Fuzz agent ${i}`,
      'fuzz harness',
    ]);
    const {
      rows: [client],
    } = await sql.query(
      `INSERT INTO oauth_client (client_id, kind, client_name, redirect_uris, grant_types, token_endpoint_auth_method)
       VALUES ($1, 'preregistered', 'Fuzz host', $2, $3, 'none') RETURNING id`,
      [
        `mcc_${randomBytes(12).toString('base64url')}`,
        JSON.stringify(['http://127.0.0.1/callback']),
        JSON.stringify(['authorization_code', 'refresh_token']),
      ],
    );
    const {
      rows: [grant],
    } = await sql.query(
      `INSERT INTO oauth_grant (owner_id, client_row_id, agent_id, scopes, resource) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [owner.id, client.id, agent.id, scopes, resource],
    );
    const token = `mca_${randomBytes(32).toString('base64url')}`;
    const {
      rows: [row],
    } = await sql.query(
      `INSERT INTO oauth_token (token_hash, kind, family_id, grant_id, owner_id, client_row_id, agent_id, scopes, resource, expires_at)
       VALUES ($1, 'access', gen_random_uuid(), $2, $3, $4, $5, $6, $7, now() + interval '2 hours') RETURNING id`,
      [sha256(token), grant.id, owner.id, client.id, agent.id, scopes, resource],
    );
    principals.push({ token, tokenId: row.id, agentId: agent.id, ownerId: owner.id, handle, scopes });
  }
  return principals;
}

/** Revokes an agent (and, for the next one, its token) mid-run: calls must then be refused cleanly. */
export async function revokeMidRun(sql, principals) {
  const [first, second] = principals.filter((p) => p.scopes.length === ALL_BROKER_SCOPES.length);
  if (first) await sql.query(`UPDATE identity_agent SET status = 'revoked' WHERE id = $1`, [first.agentId]);
  if (second) await sql.query(`UPDATE oauth_token SET revoked_at = now() WHERE id = $1`, [second.tokenId]);
  return [first, second].filter(Boolean).map((p) => p.handle);
}

const TERMS = 'These are the terms of service.\nYou agree to behave.';

/** Valid arguments of each broker tool; `ctx` gives message ids seen and local addresses. */
function brokerArgs(g, name, ctx) {
  const local = () => (ctx.handles.length ? `${g.pick(ctx.handles)}@${ctx.mailDomain}` : `nobody@${ctx.mailDomain}`);
  switch (name) {
    case 'identity_whoami':
      return {};
    case 'identity_register':
      return { name: `Fuzz ${g.int(1000)}`, harness: 'fuzz' };
    case 'identity_signup':
      return {
        service: g.pick(['https://service.example', 'https://127.0.0.1', 'http://localhost:1', g.str().slice(0, 50)]),
        accepted_tos_text: TERMS,
      };
    case 'identity_prove':
      return {
        accepted_tos_text: TERMS,
        rp_discovery: {
          issuer: 'https://rp.example',
          name: 'RP',
          audience: g.pick(['https://rp.example', 'https://bank.example', g.str().slice(0, 40)]),
          terms: { url: 'https://rp.example/terms', text: TERMS, version: '1' },
          endpoints: { signup: 'https://rp.example/signup' },
          scopes: ['profile'],
        },
        force_new: g.int(2) === 0,
      };
    case 'identity_record_signup':
      return g.int(2)
        ? {
            signup_token: `${randomBytes(20).toString('base64url')}.${randomBytes(40).toString('base64url')}.${randomBytes(20).toString('base64url')}`,
          }
        : { self_report: { service: 'https://service.example', account: `acct-${g.int(100)}`, context_url: 'https://service.example/me' } };
    case 'inbox_list':
      return { limit: 1 + g.int(100), ...(g.int(3) ? {} : { has_otp: g.int(2) === 0, direction: g.pick(['inbound', 'outbound']) }) };
    case 'inbox_read':
      return { message_id: ctx.messageIds.length && g.int(3) ? g.pick(ctx.messageIds) : randomUUID(), max_chars: 1 + g.int(5000) };
    case 'inbox_wait_for_email':
      return { timeout_seconds: 1, subject_contains: g.pick(['code', 'fuzz', '']) || undefined, require_otp: g.int(2) === 0 };
    case 'inbox_send':
      return {
        to: g.int(2) ? [local()] : [g.pick(['support@service.example', 'x@y.example']), local()],
        subject: `Fuzz ${g.str().slice(0, 80)}` || 'Fuzz',
        text: g.str().slice(0, 2000) || 'hello',
        ...(g.int(4) ? {} : { html: `<p>${g.str().slice(0, 500)}</p>` }),
      };
    default:
      return {};
  }
}

export const BROKER_TOOLS = [
  'identity_whoami',
  'identity_register',
  'identity_signup',
  'identity_prove',
  'identity_record_signup',
  'inbox_list',
  'inbox_read',
  'inbox_wait_for_email',
  'inbox_send',
];

/** One POST /broker/mcp with a valid token: tools/call of one of the nine tools (or a batch, or a list). */
export function brokerAuthRequest(g, ctx) {
  const principal = g.pick(ctx.principals);
  const call = () => {
    const name = g.pick(BROKER_TOOLS);
    let args = brokerArgs(g, name, ctx);
    if (g.int(2)) args = g.mutate(args);
    // A wait is bounded to a few seconds, so that the run ends; anything else the mutation did stays.
    if (name === 'inbox_wait_for_email' && !(typeof args.timeout_seconds === 'number' && args.timeout_seconds <= 3)) {
      if (typeof args.timeout_seconds === 'number' || args.timeout_seconds === undefined) args.timeout_seconds = 1;
    }
    const msg = { jsonrpc: '2.0', id: g.int(1e6), method: 'tools/call', params: { name, arguments: args } };
    return { msg, name };
  };
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: `Bearer ${principal.token}`,
    'mcp-protocol-version': '2025-11-25',
  };
  let body;
  let tool;
  const kind = g.int(20);
  if (kind === 0) {
    body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    tool = 'tools/list';
  } else if (kind === 1) {
    body = JSON.stringify(Array.from({ length: 2 + g.int(3) }, () => call().msg));
    tool = 'batch';
  } else {
    const one = call();
    body = JSON.stringify(g.int(15) ? one.msg : g.mutate(one.msg));
    tool = one.name;
  }
  return { method: 'POST', path: '/broker/mcp', headers, body, surface: `broker+token ${tool}` };
}

/** Message ids an inbox_list answer shows (for later inbox_read calls). */
export function harvestMessageIds(text, into) {
  if (!text.includes('"messages"') || into.length > 500) return;
  for (const m of text.matchAll(/\\"id\\":\\"([0-9a-f-]{36})\\"/g)) into.push(m[1]);
}
