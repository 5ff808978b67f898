import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DmvTables1796016022199 implements MigrationInterface {
  name = 'DmvTables1796016022199';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "dmv_registration" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "certificate_id" character varying(20) NOT NULL,
                "agent_name" character varying(63) NOT NULL,
                "domain" character varying(70) NOT NULL,
                "registration_type" character varying(30) NOT NULL DEFAULT 'pre_registration',
                "operator_name" character varying(100) NOT NULL,
                "contact_email" character varying(254) NOT NULL,
                "description" character varying(500),
                "source" character varying(10) NOT NULL,
                "caller_ip_hash" character(64) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "contact_verified_at" TIMESTAMP WITH TIME ZONE,
                "withdrawn_at" TIMESTAMP WITH TIME ZONE,
                "withdrawn_reason" character varying(500),
                "withdrawn_by" character varying(100),
                CONSTRAINT "PK_ee5bcdd6520fafc40a59cb75366" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "dmv_registration_certificate_id_key" ON "dmv_registration" ("certificate_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "dmv_registration_created_idx" ON "dmv_registration" ("created_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "dmv_registration_email_created_idx" ON "dmv_registration" ("contact_email", "created_at")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "dmv_registration_name_email_key" ON "dmv_registration" ("agent_name", "contact_email")
        `);
    await queryRunner.query(`
            CREATE TABLE "dmv_verification_token" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "token_hash" character(64) NOT NULL,
                "registration_id" uuid NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "used_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_ce8a2a66ae54aac12264f67acc9" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "dmv_verification_token_hash_key" ON "dmv_verification_token" ("token_hash")
        `);
    await queryRunner.query(`
            CREATE INDEX "dmv_verification_token_registration_idx" ON "dmv_verification_token" ("registration_id")
        `);
    await queryRunner.query(`
            ALTER TABLE "dmv_verification_token"
            ADD CONSTRAINT "FK_9ceee74354efe173026ca684401" FOREIGN KEY ("registration_id") REFERENCES "dmv_registration"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            CREATE TABLE "dmv_idempotency" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "idempotency_key" character varying(255) NOT NULL,
                "caller_ip_hash" character(64) NOT NULL,
                "request_hash" character(64) NOT NULL,
                "result" jsonb NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_70986538edeab6cafdfc1ea8017" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "dmv_idempotency_created_idx" ON "dmv_idempotency" ("created_at")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "dmv_idempotency_key_ip_key" ON "dmv_idempotency" ("idempotency_key", "caller_ip_hash")
        `);
    await queryRunner.query(`
            CREATE TABLE "dmv_reserved_name" (
                "name" character varying(63) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_ed2bafba87c4f015a4ca0981d1f" PRIMARY KEY ("name")
            )
        `);
    // The initial reserved list (DEFAULT_RESERVED_NAMES in src/dmv/domain/agent-name.ts); operators edit it afterwards.
    await queryRunner.query(`
            INSERT INTO "dmv_reserved_name" ("name") VALUES
                ('dmv'), ('agent'), ('agents'), ('agentry'), ('registry'), ('registrar'), ('registrant'), ('icann'),
                ('iana'), ('ietf'), ('nic'), ('whois'), ('rdap'), ('tld'), ('gtld'), ('www'),
                ('mail'), ('email'), ('smtp'), ('imap'), ('pop'), ('mx'), ('ns'), ('ns1'),
                ('ns2'), ('dns'), ('ftp'), ('api'), ('app'), ('cdn'), ('static'), ('status'),
                ('auth'), ('oauth'), ('login'), ('mcp'), ('autoconfig'), ('autodiscover'), ('admin'), ('administrator'),
                ('root'), ('system'), ('sysadmin'), ('support'), ('help'), ('info'), ('security'), ('abuse'),
                ('postmaster'), ('hostmaster'), ('webmaster'), ('noreply'), ('no-reply'), ('official'), ('localhost'), ('localdomain'),
                ('local'), ('example'), ('test'), ('invalid'), ('onion'), ('arpa'), ('null'), ('undefined')
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "dmv_reserved_name"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."dmv_idempotency_key_ip_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."dmv_idempotency_created_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "dmv_idempotency"
        `);
    await queryRunner.query(`
            ALTER TABLE "dmv_verification_token" DROP CONSTRAINT "FK_9ceee74354efe173026ca684401"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."dmv_verification_token_registration_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."dmv_verification_token_hash_key"
        `);
    await queryRunner.query(`
            DROP TABLE "dmv_verification_token"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."dmv_registration_name_email_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."dmv_registration_email_created_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."dmv_registration_created_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."dmv_registration_certificate_id_key"
        `);
    await queryRunner.query(`
            DROP TABLE "dmv_registration"
        `);
  }
}
