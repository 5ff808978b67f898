import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Change logs that keep each instance's in-process search indexes (member search, search_memory)
 * current: statement-level triggers append the id of every inserted, updated or deleted row, and a
 * NULL id after TRUNCATE. A transaction-level advisory lock serialises the writers of one log, so the
 * order of `seq` is the order of commits and a reader that has seen `seq` n has seen every change
 * up to n (src/common/search/index-sync.ts).
 */
const LOGS: Array<[table: string, log: string]> = [
  ['member', 'member_search_change'],
  ['memory_message', 'memory_search_change'],
];

export class SearchChangeLogs1796102000000 implements MigrationInterface {
  name = 'SearchChangeLogs1796102000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "member_search_change" (
                "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
                "ref_id" uuid,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_97936aa47ea24721ea901c559b8" PRIMARY KEY ("seq")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_search_change" (
                "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
                "ref_id" uuid,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_1329826ea7aeb7c37a2f9c09edd" PRIMARY KEY ("seq")
            )
        `);
    for (const [table, log] of LOGS) {
      await queryRunner.query(`
                CREATE FUNCTION ${log}_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    PERFORM pg_advisory_xact_lock(hashtext('${log}'));
                    IF TG_OP = 'TRUNCATE' THEN
                        INSERT INTO ${log} (ref_id) VALUES (NULL);
                    ELSIF TG_OP = 'DELETE' THEN
                        INSERT INTO ${log} (ref_id) SELECT id FROM old_rows;
                    ELSE
                        INSERT INTO ${log} (ref_id) SELECT id FROM new_rows;
                    END IF;
                    RETURN NULL;
                END
                $fn$
            `);
      await queryRunner.query(`
                CREATE TRIGGER ${log}_insert AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows
                FOR EACH STATEMENT EXECUTE FUNCTION ${log}_record()
            `);
      await queryRunner.query(`
                CREATE TRIGGER ${log}_update AFTER UPDATE ON "${table}" REFERENCING NEW TABLE AS new_rows
                FOR EACH STATEMENT EXECUTE FUNCTION ${log}_record()
            `);
      await queryRunner.query(`
                CREATE TRIGGER ${log}_delete AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows
                FOR EACH STATEMENT EXECUTE FUNCTION ${log}_record()
            `);
      await queryRunner.query(`
                CREATE TRIGGER ${log}_truncate AFTER TRUNCATE ON "${table}"
                FOR EACH STATEMENT EXECUTE FUNCTION ${log}_record()
            `);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, log] of LOGS) {
      for (const op of ['insert', 'update', 'delete', 'truncate']) {
        await queryRunner.query(`DROP TRIGGER ${log}_${op} ON "${table}"`);
      }
      await queryRunner.query(`DROP FUNCTION ${log}_record()`);
    }
    await queryRunner.query(`
            DROP TABLE "memory_search_change"
        `);
    await queryRunner.query(`
            DROP TABLE "member_search_change"
        `);
  }
}
