// Owners (oauth_owner): the humans who delegate to agents, optionally having signed the current
// delegation agreement (oauth_delegation_signature).
import type { Db } from './db.js';
import { sha256, unique } from './db.js';

export interface OwnerRow {
  id: string;
  email: string;
}

/** An owner by email (the same row again for an existing email); signs the current agreement unless told not to. */
export async function insertOwner(db: Db, options: { email?: string; signAgreement?: boolean } = {}): Promise<OwnerRow> {
  const email = (options.email ?? `owner-${unique()}@example.org`).toLowerCase();
  const [owner] = await db.sql<{ id: string }>(
    `INSERT INTO oauth_owner (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET email = excluded.email RETURNING id`,
    [email],
  );
  if (options.signAgreement !== false) await signAgreement(db, owner.id);
  return { id: owner.id, email };
}

/** Records the owner's signature of an agreement: the newest one, or `version`. */
export async function signAgreement(db: Db, ownerId: string, options: { version?: string; ipHash?: string } = {}): Promise<void> {
  await db.sql(
    `INSERT INTO oauth_delegation_signature (owner_id, version, text_sha256, ip_hash)
     SELECT $1, version, sha256, $2 FROM oauth_delegation_agreement
      WHERE $3::text IS NULL OR version = $3
      ORDER BY published_at DESC, version DESC LIMIT 1
     ON CONFLICT DO NOTHING`,
    [ownerId, options.ipHash ?? sha256('127.0.0.1'), options.version ?? null],
  );
}
