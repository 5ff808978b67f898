// DMV registrations (dmv_registration): a pre-registration with a fresh certificate id, unverified
// unless `verified` is set.
import { generateCertificateId } from '../../../src/dmv/domain/certificate-id.js';
import { AGENT_TLD } from '../../../src/dmv/domain/agent-name.js';
import { mailboxKey } from '../../../src/common/validation/email-address.js';
import type { Db } from './db.js';
import { sha256, unique } from './db.js';

export interface DmvRegistrationFixture {
  agentName: string;
  operatorName: string;
  contactEmail: string;
  description: string | null;
  source: 'rest' | 'mcp';
  verified: boolean;
}

export async function insertDmvRegistration(
  db: Db,
  overrides: Partial<DmvRegistrationFixture> = {},
): Promise<DmvRegistrationFixture & { id: string; certificateId: string; domain: string }> {
  const r: DmvRegistrationFixture = {
    agentName: `bot-${unique()}`,
    operatorName: 'Test Operator',
    contactEmail: `ops-${unique()}@example.com`,
    description: null,
    source: 'rest',
    verified: false,
    ...overrides,
  };
  const certificateId = generateCertificateId();
  const domain = `${r.agentName}.${AGENT_TLD}`;
  const [row] = await db.sql<{ id: string }>(
    `INSERT INTO dmv_registration (certificate_id, agent_name, domain, operator_name, contact_email, contact_mailbox, description, source, caller_ip_hash, contact_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10 THEN now() END) RETURNING id`,
    [
      certificateId,
      r.agentName,
      domain,
      r.operatorName,
      r.contactEmail,
      mailboxKey(r.contactEmail),
      r.description,
      r.source,
      sha256('198.51.100.1'),
      r.verified,
    ],
  );
  return { ...r, id: row.id, certificateId, domain };
}
