import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Owner passkeys (issue 24): each owner's WebAuthn credentials (credential id, public key, signature
 * counter, backup flags, name, created/last used, a clone mark) and the server's single-use
 * challenges, stored hashed and bound to the session or pre-session cookie that asked.
 */
export class OwnerPasskeys1797000600000 implements MigrationInterface {
  name = 'OwnerPasskeys1797000600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "oauth_passkey_challenge" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "challenge_hash" character(64) NOT NULL,
                "ceremony" character varying(12) NOT NULL,
                "binding_hash" character(64) NOT NULL,
                "owner_id" uuid,
                "return_to" character varying(2000) NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "used_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_7732870b1a2d628d98ff283df33" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "oauth_passkey_challenge_challenge_key" ON "oauth_passkey_challenge" ("challenge_hash")
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_passkey_challenge_expires_idx" ON "oauth_passkey_challenge" ("expires_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_passkey_credential" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "owner_id" uuid NOT NULL,
                "credential_id" character varying(1400) NOT NULL,
                "public_key" bytea NOT NULL,
                "counter" bigint NOT NULL DEFAULT '0',
                "transports" jsonb NOT NULL,
                "device_type" character varying(16) NOT NULL,
                "backed_up" boolean NOT NULL,
                "aaguid" character varying(36) NOT NULL,
                "name" character varying(60) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "last_used_at" TIMESTAMP WITH TIME ZONE,
                "clone_detected_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_db19a95ed766bdf9f5b684a1577" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_passkey_credential_owner_idx" ON "oauth_passkey_credential" ("owner_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "oauth_passkey_credential_credential_key" ON "oauth_passkey_credential" ("credential_id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."oauth_passkey_credential_credential_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_passkey_credential_owner_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_passkey_credential"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_passkey_challenge_expires_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_passkey_challenge_challenge_key"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_passkey_challenge"
        `);
  }
}
