// Delegated acceptances as the agent's profile lists them (R13).

/** The columns of an acceptance its view shows. */
export interface AcceptanceViewRow {
  id: string;
  service_origin: string;
  audience: string;
  terms_url: string;
  terms_version: string;
  terms_sha256: string;
  source: 'discovery' | 'agent_supplied_discovery';
  created_at: Date;
}

/** An agent's newest acceptance per service (at most 50 services, by origin). $1 = agent id. */
export const LATEST_ACCEPTANCES_SQL = `
SELECT DISTINCT ON (a.service_origin)
       a.id, a.service_origin, a.audience, a.terms_url, a.terms_version, a.terms_sha256, a.source, a.created_at
  FROM identity_acceptance a
 WHERE a.agent_id = $1
 ORDER BY a.service_origin ASC, a.created_at DESC
 LIMIT 50`;
