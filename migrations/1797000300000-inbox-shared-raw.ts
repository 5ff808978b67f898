import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inbox raw sources stored once per SMTP transaction (issue 21): a message to 50 mailboxes was 50
 * copies of its raw source in `inbox_message.raw`. The source moves to `inbox_raw_message`, each
 * recipient's row points to it (`raw_id`), and the retention job deletes it with the last row.
 * Existing rows keep their source: each becomes a raw row of its own (they were stored per row).
 * And each mailbox counts the bytes its messages hold (`used_bytes`, for the quota
 * INBOX_MAILBOX_QUOTA_BYTES), backfilled from the messages.
 */
export class InboxSharedRaw1797000300000 implements MigrationInterface {
  name = 'InboxSharedRaw1797000300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "inbox_raw_message" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "raw" bytea NOT NULL,
                "size_bytes" integer NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_61dee85e6461cf7c120d5de2ae6" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "inbox_message" ADD "raw_id" uuid
        `);
    await queryRunner.query(`
            UPDATE "inbox_message" SET "raw_id" = gen_random_uuid() WHERE "raw" IS NOT NULL
        `);
    await queryRunner.query(`
            INSERT INTO "inbox_raw_message" ("id", "raw", "size_bytes", "created_at")
            SELECT "raw_id", "raw", octet_length("raw"), "received_at" FROM "inbox_message" WHERE "raw_id" IS NOT NULL
        `);
    await queryRunner.query(`
            ALTER TABLE "inbox_message" DROP COLUMN "raw"
        `);
    await queryRunner.query(`
            CREATE INDEX "inbox_message_raw_idx" ON "inbox_message" ("raw_id")
        `);
    await queryRunner.query(`
            ALTER TABLE "inbox_message"
            ADD CONSTRAINT "FK_b6553b716b2df997cb2fff41c8c" FOREIGN KEY ("raw_id") REFERENCES "inbox_raw_message"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "inbox_mailbox" ADD "used_bytes" bigint NOT NULL DEFAULT '0'
        `);
    await queryRunner.query(`
            UPDATE "inbox_mailbox" b SET "used_bytes" = s."total"
              FROM (SELECT "agent_id", sum("size_bytes") AS "total" FROM "inbox_message" GROUP BY "agent_id") s
             WHERE s."agent_id" = b."agent_id"
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "inbox_mailbox" DROP COLUMN "used_bytes"
        `);
    await queryRunner.query(`
            ALTER TABLE "inbox_message" DROP CONSTRAINT "FK_b6553b716b2df997cb2fff41c8c"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."inbox_message_raw_idx"
        `);
    await queryRunner.query(`
            ALTER TABLE "inbox_message" ADD "raw" bytea
        `);
    await queryRunner.query(`
            UPDATE "inbox_message" m SET "raw" = r."raw" FROM "inbox_raw_message" r WHERE r."id" = m."raw_id"
        `);
    await queryRunner.query(`
            ALTER TABLE "inbox_message" DROP COLUMN "raw_id"
        `);
    await queryRunner.query(`
            DROP TABLE "inbox_raw_message"
        `);
  }
}
