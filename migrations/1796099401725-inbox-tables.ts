import { MigrationInterface, QueryRunner } from 'typeorm';

export class InboxTables1796099401725 implements MigrationInterface {
  name = 'InboxTables1796099401725';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "inbox_audit" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "actor" character varying(150) NOT NULL,
                "action" character varying(60) NOT NULL,
                "agent_id" uuid,
                "detail" jsonb NOT NULL DEFAULT '{}',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_11bd1038a9afc6f313d62c8de12" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "inbox_audit_agent_idx" ON "inbox_audit" ("agent_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "inbox_mailbox" (
                "agent_id" uuid NOT NULL,
                "owner_id" uuid NOT NULL,
                "handle" character varying(64) NOT NULL,
                "status" character varying(16) NOT NULL DEFAULT 'active',
                "status_reason" character varying(300),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_c59d58420647cb2dc91df92e062" PRIMARY KEY ("agent_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "inbox_mailbox_owner_idx" ON "inbox_mailbox" ("owner_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "inbox_mailbox_handle_key" ON "inbox_mailbox" ("handle")
        `);
    await queryRunner.query(`
            CREATE TABLE "inbox_message" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "agent_id" uuid NOT NULL,
                "direction" character varying(10) NOT NULL,
                "status" character varying(12) NOT NULL,
                "from_address" character varying(320) NOT NULL,
                "from_name" character varying(200),
                "to_addresses" jsonb NOT NULL DEFAULT '[]',
                "cc_addresses" jsonb NOT NULL DEFAULT '[]',
                "envelope_from" character varying(320),
                "subject" character varying(500) NOT NULL,
                "message_id" character varying(500),
                "sent_at" TIMESTAMP WITH TIME ZONE,
                "received_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(),
                "text_body" text NOT NULL,
                "text_truncated" boolean NOT NULL DEFAULT false,
                "headers" jsonb NOT NULL DEFAULT '{}',
                "auth" jsonb,
                "otp_code" character varying(16),
                "otp" jsonb,
                "links" jsonb NOT NULL DEFAULT '[]',
                "attachments" jsonb NOT NULL DEFAULT '[]',
                "size_bytes" integer NOT NULL,
                "remote_ip" character varying(64),
                "delivery_note" character varying(500),
                "raw" bytea,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                CONSTRAINT "PK_bbd15267b116fd3c45f459a65fa" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "inbox_message_expires_idx" ON "inbox_message" ("expires_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "inbox_message_agent_received_idx" ON "inbox_message" ("agent_id", "received_at", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "inbox_suppression" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "agent_id" uuid NOT NULL,
                "address" character varying(320) NOT NULL,
                "reason" character varying(16) NOT NULL,
                "source_message_id" uuid,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_74c362f47a916b8b43e077dbaa6" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "inbox_suppression_agent_address_key" ON "inbox_suppression" ("agent_id", "address")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."inbox_suppression_agent_address_key"
        `);
    await queryRunner.query(`
            DROP TABLE "inbox_suppression"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."inbox_message_agent_received_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."inbox_message_expires_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "inbox_message"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."inbox_mailbox_handle_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."inbox_mailbox_owner_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "inbox_mailbox"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."inbox_audit_agent_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "inbox_audit"
        `);
  }
}
