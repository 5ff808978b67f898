// The broker principals the benchmarks load with: one owner who signed the current agreement, one
// pre-registered client, and `count` agents each with a live `mca_` access token — the rows the OAuth
// flow writes, inserted straight into the benchmark's scratch database.
import { createHash, randomBytes } from 'node:crypto';

export const sha256 = (v) => createHash('sha256').update(v, 'utf8').digest('hex');

/** Inserts the principals through `client` (a pg client); returns [{ handle, token, agentId }]. */
export async function makeBrokerAgents(client, { publicBaseUrl, count, scopes }) {
  const [owner] = (await client.query(`INSERT INTO oauth_owner (email) VALUES ('bench-owner@example.org') RETURNING id`)).rows;
  await client.query(
    `INSERT INTO oauth_delegation_signature (owner_id, version, text_sha256, ip_hash)
     SELECT $1, version, sha256, $2 FROM oauth_delegation_agreement ORDER BY published_at DESC LIMIT 1`,
    [owner.id, sha256('127.0.0.1')],
  );
  const [clientRow] = (
    await client.query(
      `INSERT INTO oauth_client (client_id, kind, client_name, redirect_uris, grant_types, token_endpoint_auth_method)
       VALUES ($1, 'preregistered', 'Bench host', '["http://127.0.0.1/callback"]', '["authorization_code"]', 'none') RETURNING id`,
      [`mcc_${randomBytes(12).toString('base64url')}`],
    )
  ).rows;
  const resource = `${publicBaseUrl}/broker/mcp`;
  const agents = [];
  for (let i = 0; i < count; i++) {
    const handle = `bench-${i}-${randomBytes(3).toString('hex')}`;
    const [agent] = (
      await client.query(`INSERT INTO identity_agent (owner_id, handle, name) VALUES ($1, $2, $3) RETURNING id`, [
        owner.id,
        handle,
        `Bench ${i}`,
      ])
    ).rows;
    const [grant] = (
      await client.query(
        `INSERT INTO oauth_grant (owner_id, client_row_id, agent_id, scopes, resource) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [owner.id, clientRow.id, agent.id, scopes, resource],
      )
    ).rows;
    const token = `mca_${randomBytes(32).toString('base64url')}`;
    await client.query(
      `INSERT INTO oauth_token (token_hash, kind, family_id, grant_id, owner_id, client_row_id, agent_id, scopes, resource, expires_at)
       VALUES ($1, 'access', gen_random_uuid(), $2, $3, $4, $5, $6, $7, now() + interval '1 hour')`,
      [sha256(token), grant.id, owner.id, clientRow.id, agent.id, scopes, resource],
    );
    agents.push({ handle, token, agentId: agent.id });
  }
  return agents;
}
