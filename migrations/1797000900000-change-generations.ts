import type { MigrationInterface, QueryRunner } from 'typeorm';

// Change generations (src/database/change-generations.ts): one row per topic whose `generation`
// takes a new, never-repeated value in the same transaction as any write that can change what the
// topic's caches hold, so an instance that reads the generation after a commit sees the change —
// whichever instance, code path or operator's psql made the write. The bump is a deferred
// constraint trigger: it runs at commit, after every other lock the transaction takes (no lock
// order to deadlock on), once per transaction per topic (the txid guard).
//   oauth_gate      — what the access gate reads for a token (src/oauth/services/gate-cache.ts):
//                     access tokens, grants, clients, owners, the agreement and its signatures, agents.
//   identity_whoami — identity_whoami's two lists (acceptances and signup proofs).
//   inbox_mailbox   — a mailbox's suspension (src/inbox/services/mailboxes.ts).
const TRIGGERS: Array<{ name: string; table: string; topic: string; event: string; when?: string }> = [
  {
    name: 'oauth_token_gate_update',
    table: 'oauth_token',
    topic: 'oauth_gate',
    event: 'UPDATE',
    when: `OLD.kind = 'access' AND (OLD.token_hash, OLD.kind, OLD.grant_id, OLD.owner_id, OLD.client_row_id, OLD.agent_id, OLD.scopes, OLD.resource, OLD.expires_at, OLD.revoked_at)
           IS DISTINCT FROM (NEW.token_hash, NEW.kind, NEW.grant_id, NEW.owner_id, NEW.client_row_id, NEW.agent_id, NEW.scopes, NEW.resource, NEW.expires_at, NEW.revoked_at)`,
  },
  // Expired access tokens are refused from the cached expiry; deleting them (the cleanup job) changes nothing.
  {
    name: 'oauth_token_gate_delete',
    table: 'oauth_token',
    topic: 'oauth_gate',
    event: 'DELETE',
    when: `OLD.kind = 'access' AND OLD.expires_at > now()`,
  },
  {
    name: 'oauth_grant_gate_update',
    table: 'oauth_grant',
    topic: 'oauth_gate',
    event: 'UPDATE',
    when: `(OLD.revoked_at, OLD.owner_id, OLD.agent_id, OLD.client_row_id) IS DISTINCT FROM (NEW.revoked_at, NEW.owner_id, NEW.agent_id, NEW.client_row_id)`,
  },
  { name: 'oauth_grant_gate_delete', table: 'oauth_grant', topic: 'oauth_gate', event: 'DELETE' },
  {
    name: 'oauth_client_gate_update',
    table: 'oauth_client',
    topic: 'oauth_gate',
    event: 'UPDATE',
    when: `(OLD.client_id, OLD.client_name, OLD.revoked_at) IS DISTINCT FROM (NEW.client_id, NEW.client_name, NEW.revoked_at)`,
  },
  { name: 'oauth_client_gate_delete', table: 'oauth_client', topic: 'oauth_gate', event: 'DELETE' },
  {
    name: 'oauth_owner_gate_update',
    table: 'oauth_owner',
    topic: 'oauth_gate',
    event: 'UPDATE',
    when: `(OLD.email, OLD.status) IS DISTINCT FROM (NEW.email, NEW.status)`,
  },
  { name: 'oauth_owner_gate_delete', table: 'oauth_owner', topic: 'oauth_gate', event: 'DELETE' },
  { name: 'oauth_agreement_gate_change', table: 'oauth_delegation_agreement', topic: 'oauth_gate', event: 'INSERT OR UPDATE OR DELETE' },
  // A new signature can only turn a refusal into an acceptance, and refusals are not cached.
  { name: 'oauth_signature_gate_change', table: 'oauth_delegation_signature', topic: 'oauth_gate', event: 'UPDATE OR DELETE' },
  {
    name: 'identity_agent_gate_update',
    table: 'identity_agent',
    topic: 'oauth_gate',
    event: 'UPDATE',
    when: `(OLD.owner_id, OLD.handle, OLD.name, OLD.harness, OLD.status, OLD.status_reason, OLD.created_at)
           IS DISTINCT FROM (NEW.owner_id, NEW.handle, NEW.name, NEW.harness, NEW.status, NEW.status_reason, NEW.created_at)`,
  },
  { name: 'identity_agent_gate_delete', table: 'identity_agent', topic: 'oauth_gate', event: 'DELETE' },
  {
    name: 'identity_acceptance_whoami_change',
    table: 'identity_acceptance',
    topic: 'identity_whoami',
    event: 'INSERT OR UPDATE OR DELETE',
  },
  {
    name: 'identity_signup_proof_whoami_change',
    table: 'identity_signup_proof',
    topic: 'identity_whoami',
    event: 'INSERT OR UPDATE OR DELETE',
  },
  // Only existing, active mailboxes are cached: a new row changes nothing, its byte count neither.
  {
    name: 'inbox_mailbox_status_update',
    table: 'inbox_mailbox',
    topic: 'inbox_mailbox',
    event: 'UPDATE',
    when: `(OLD.agent_id, OLD.status) IS DISTINCT FROM (NEW.agent_id, NEW.status)`,
  },
  { name: 'inbox_mailbox_status_delete', table: 'inbox_mailbox', topic: 'inbox_mailbox', event: 'DELETE' },
];

/** TRUNCATE fires no row trigger: a statement trigger bumps the topic instead (tests truncate). */
const TRUNCATE_TRIGGERS: Array<{ table: string; topic: string }> = [
  ...[
    'oauth_token',
    'oauth_grant',
    'oauth_client',
    'oauth_owner',
    'oauth_delegation_agreement',
    'oauth_delegation_signature',
    'identity_agent',
  ].map((table) => ({ table, topic: 'oauth_gate' })),
  { table: 'identity_acceptance', topic: 'identity_whoami' },
  { table: 'identity_signup_proof', topic: 'identity_whoami' },
  { table: 'inbox_mailbox', topic: 'inbox_mailbox' },
];

export class ChangeGenerations1797000900000 implements MigrationInterface {
  name = 'ChangeGenerations1797000900000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE "change_generation_seq"`);
    await queryRunner.query(`
            CREATE TABLE "change_generation" (
                "topic" character varying(32) NOT NULL,
                "generation" bigint NOT NULL,
                "txid" bigint,
                CONSTRAINT "change_generation_pkey" PRIMARY KEY ("topic")
            )
        `);
    // A new value from the sequence, never a counter: values never repeat, even after a TRUNCATE.
    await queryRunner.query(`
            CREATE FUNCTION change_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$
            BEGIN
                INSERT INTO change_generation AS g (topic, generation, txid)
                     VALUES (TG_ARGV[0], nextval('change_generation_seq'), txid_current())
                ON CONFLICT (topic) DO UPDATE SET generation = EXCLUDED.generation, txid = EXCLUDED.txid
                      WHERE g.txid IS DISTINCT FROM EXCLUDED.txid;
                RETURN NULL;
            END
            $fn$
        `);
    for (const t of TRIGGERS) {
      await queryRunner.query(`
            CREATE CONSTRAINT TRIGGER "${t.name}" AFTER ${t.event} ON "${t.table}"
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
            ${t.when ? `WHEN (${t.when})` : ''}
            EXECUTE FUNCTION change_generation_bump('${t.topic}')
        `);
    }
    for (const t of TRUNCATE_TRIGGERS) {
      await queryRunner.query(
        `CREATE TRIGGER "${t.table}_${t.topic}_truncate" AFTER TRUNCATE ON "${t.table}" FOR EACH STATEMENT EXECUTE FUNCTION change_generation_bump('${t.topic}')`,
      );
    }
    await queryRunner.query(
      `INSERT INTO change_generation (topic, generation) VALUES ('oauth_gate', nextval('change_generation_seq')), ('identity_whoami', nextval('change_generation_seq')), ('inbox_mailbox', nextval('change_generation_seq'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const t of TRUNCATE_TRIGGERS) await queryRunner.query(`DROP TRIGGER "${t.table}_${t.topic}_truncate" ON "${t.table}"`);
    for (const t of TRIGGERS) await queryRunner.query(`DROP TRIGGER "${t.name}" ON "${t.table}"`);
    await queryRunner.query(`DROP FUNCTION change_generation_bump()`);
    await queryRunner.query(`DROP TABLE "change_generation"`);
    await queryRunner.query(`DROP SEQUENCE "change_generation_seq"`);
  }
}
