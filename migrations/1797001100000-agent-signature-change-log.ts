import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The change log that keeps each instance's in-process word signatures of the Recall agents current
 * (find_similar_agents, src/memory/services/agent-signatures.ts), the way the search indexes are kept
 * (src/common/search/index-sync.ts): statement-level triggers append the id of every agent whose word
 * counts (`memory_agent_term`) changed and of every agent registered or deleted (`memory_agent`: the
 * number of agents is the N of the idf), once per agent per statement, and a NULL id after a TRUNCATE.
 *
 * The writers take the advisory lock of `memory_search_change` (the messages' log), not one of their
 * own: a publish writes both logs in one transaction, and one lock for both means no lock order to
 * deadlock on; it still makes the order of `seq` the order of commits.
 */
const LOG = 'memory_agent_signature_change';
const SOURCES: Array<[table: string, column: string]> = [
  ['memory_agent_term', 'agent_id'],
  ['memory_agent', 'id'],
];

export class AgentSignatureChangeLog1797001100000 implements MigrationInterface {
  name = 'AgentSignatureChangeLog1797001100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "${LOG}" (
                "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
                "ref_id" uuid,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_362a9b99b8056c715c1fc4d6eca" PRIMARY KEY ("seq")
            )
        `);
    for (const [table, column] of SOURCES) {
      await queryRunner.query(`
                CREATE FUNCTION ${table}_signature_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    PERFORM pg_advisory_xact_lock(hashtext('memory_search_change'));
                    IF TG_OP = 'TRUNCATE' THEN
                        INSERT INTO ${LOG} (ref_id) VALUES (NULL);
                    ELSIF TG_OP = 'DELETE' THEN
                        INSERT INTO ${LOG} (ref_id) SELECT DISTINCT ${column} FROM old_rows;
                    ELSE
                        INSERT INTO ${LOG} (ref_id) SELECT DISTINCT ${column} FROM new_rows;
                    END IF;
                    RETURN NULL;
                END
                $fn$
            `);
      const events: Array<[op: string, transition: string]> = [
        ['insert', 'REFERENCING NEW TABLE AS new_rows'],
        ['delete', 'REFERENCING OLD TABLE AS old_rows'],
        ['truncate', ''],
      ];
      // An agent's status, handle or profile are read from the table on every call: only its word
      // counts change its signature.
      if (table === 'memory_agent_term') events.push(['update', 'REFERENCING NEW TABLE AS new_rows']);
      for (const [op, transition] of events) {
        await queryRunner.query(`
                CREATE TRIGGER ${table}_signature_${op} AFTER ${op.toUpperCase()} ON "${table}" ${transition}
                FOR EACH STATEMENT EXECUTE FUNCTION ${table}_signature_record()
            `);
      }
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of SOURCES) {
      for (const op of ['insert', 'update', 'delete', 'truncate']) {
        await queryRunner.query(`DROP TRIGGER IF EXISTS ${table}_signature_${op} ON "${table}"`);
      }
      await queryRunner.query(`DROP FUNCTION ${table}_signature_record()`);
    }
    await queryRunner.query(`DROP TABLE "${LOG}"`);
  }
}
