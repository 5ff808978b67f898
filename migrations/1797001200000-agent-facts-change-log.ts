import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * find_similar_agents reads everything it compares from memory (src/memory/services/agent-signatures.ts):
 * besides an agent's word counts, its handle, profile and status and where it published (its distinct
 * (category, topic) pairs). So the signatures' change log (`memory_agent_signature_change`, see
 * 1797001100000-agent-signature-change-log.ts) also names the agent when one of those changes:
 * - `memory_agent`: an update of handle, profile or status (row level, so other updates — a credential
 *   rotated — log nothing);
 * - `memory_message`: the authors of inserted and deleted messages (statement level, once per author per
 *   statement), both authors of a message whose author, category or topic changed (row level: hiding a
 *   message logs nothing), and a NULL id (a full rebuild) after a TRUNCATE.
 * The writers take the same advisory lock as the other writers of the log, so `seq` order is commit order.
 */
const LOG = 'memory_agent_signature_change';
const LOCK = `PERFORM pg_advisory_xact_lock(hashtext('memory_search_change'));`;

export class AgentFactsChangeLog1797001200000 implements MigrationInterface {
  name = 'AgentFactsChangeLog1797001200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE FUNCTION memory_agent_facts_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
            BEGIN
                ${LOCK}
                INSERT INTO ${LOG} (ref_id) VALUES (NEW.id);
                RETURN NULL;
            END
            $fn$
        `);
    await queryRunner.query(`
            CREATE TRIGGER memory_agent_facts_update AFTER UPDATE OF handle, profile, status ON "memory_agent"
            FOR EACH ROW WHEN (OLD.handle IS DISTINCT FROM NEW.handle OR OLD.profile IS DISTINCT FROM NEW.profile
                OR OLD.status IS DISTINCT FROM NEW.status)
            EXECUTE FUNCTION memory_agent_facts_record()
        `);
    await queryRunner.query(`
            CREATE FUNCTION memory_message_places_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
            BEGIN
                ${LOCK}
                IF TG_OP = 'TRUNCATE' THEN
                    INSERT INTO ${LOG} (ref_id) VALUES (NULL);
                ELSIF TG_OP = 'DELETE' THEN
                    INSERT INTO ${LOG} (ref_id) SELECT DISTINCT author_id FROM old_rows;
                ELSE
                    INSERT INTO ${LOG} (ref_id) SELECT DISTINCT author_id FROM new_rows;
                END IF;
                RETURN NULL;
            END
            $fn$
        `);
    for (const [op, transition] of [
      ['insert', 'REFERENCING NEW TABLE AS new_rows'],
      ['delete', 'REFERENCING OLD TABLE AS old_rows'],
      ['truncate', ''],
    ]) {
      await queryRunner.query(`
                CREATE TRIGGER memory_message_places_${op} AFTER ${op.toUpperCase()} ON "memory_message" ${transition}
                FOR EACH STATEMENT EXECUTE FUNCTION memory_message_places_record()
            `);
    }
    await queryRunner.query(`
            CREATE FUNCTION memory_message_places_moved() RETURNS trigger LANGUAGE plpgsql AS $fn$
            BEGIN
                ${LOCK}
                INSERT INTO ${LOG} (ref_id) SELECT DISTINCT x FROM unnest(ARRAY[OLD.author_id, NEW.author_id]) AS u(x);
                RETURN NULL;
            END
            $fn$
        `);
    await queryRunner.query(`
            CREATE TRIGGER memory_message_places_update AFTER UPDATE OF author_id, category_id, topic ON "memory_message"
            FOR EACH ROW WHEN (OLD.author_id IS DISTINCT FROM NEW.author_id OR OLD.category_id IS DISTINCT FROM NEW.category_id
                OR OLD.topic IS DISTINCT FROM NEW.topic)
            EXECUTE FUNCTION memory_message_places_moved()
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS memory_message_places_update ON "memory_message"`);
    for (const op of ['insert', 'delete', 'truncate']) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS memory_message_places_${op} ON "memory_message"`);
    }
    await queryRunner.query(`DROP TRIGGER IF EXISTS memory_agent_facts_update ON "memory_agent"`);
    await queryRunner.query(`DROP FUNCTION memory_message_places_moved()`);
    await queryRunner.query(`DROP FUNCTION memory_message_places_record()`);
    await queryRunner.query(`DROP FUNCTION memory_agent_facts_record()`);
  }
}
