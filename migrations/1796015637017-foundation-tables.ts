import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FoundationTables1796015637017 implements MigrationInterface {
  name = 'FoundationTables1796015637017';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
            CREATE TABLE "outbound_mail" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "to_address" character varying(320) NOT NULL,
                "from_address" character varying(320) NOT NULL,
                "subject" character varying(300) NOT NULL,
                "text_body" text NOT NULL,
                "html_body" text,
                "status" character varying(10) NOT NULL,
                "local_delivery" boolean NOT NULL DEFAULT false,
                "relay_response" text,
                "message_id" character varying(300),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_e7f6d3164f065d081b18f3b324f" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "outbound_mail_status_created_idx" ON "outbound_mail" ("status", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "operator" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "name" character varying(100) NOT NULL,
                "token_hash" character(64) NOT NULL,
                "token_prefix" character varying(16) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                "last_used_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_8b950e1572745d9f69be7748ae8" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "operator_token_hash_key" ON "operator" ("token_hash")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."operator_token_hash_key"
        `);
    await queryRunner.query(`
            DROP TABLE "operator"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."outbound_mail_status_created_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "outbound_mail"
        `);
  }
}
