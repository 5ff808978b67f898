import { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentitySignups1796098101895 implements MigrationInterface {
  name = 'IdentitySignups1796098101895';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "identity_acceptance" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "agent_id" uuid NOT NULL,
                "owner_id" uuid NOT NULL,
                "service_origin" character varying(300) NOT NULL,
                "audience" character varying(500) NOT NULL,
                "provider_name" character varying(200) NOT NULL,
                "provider_url" character varying(2000),
                "terms_url" character varying(2000) NOT NULL,
                "terms_version" character varying(100) NOT NULL,
                "terms_sha256" character(64) NOT NULL,
                "agent_signup_endpoint" character varying(2000) NOT NULL,
                "scopes" jsonb NOT NULL,
                "source" character varying(30) NOT NULL,
                "via" character varying(30) NOT NULL,
                "request_key" character(64) NOT NULL,
                "rp_verification_id" uuid,
                "assertion_jti" uuid NOT NULL,
                "assertion_kid" character varying(64) NOT NULL,
                "assertion_jwt" text NOT NULL,
                "assertion_sha256" character(64) NOT NULL,
                "assertion_issued_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "assertion_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "ledger_email_status" character varying(10) NOT NULL DEFAULT 'pending',
                "ledger_email_sent_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_fbaff038f5ad2f9944d6903cb76" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "identity_acceptance_assertion_jti_key" ON "identity_acceptance" ("assertion_jti")
        `);
    await queryRunner.query(`
            CREATE INDEX "identity_acceptance_service_idx" ON "identity_acceptance" ("agent_id", "service_origin", "created_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "identity_acceptance_reuse_idx" ON "identity_acceptance" ("agent_id", "request_key", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "identity_attestation_authority" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "issuer" character varying(500) NOT NULL,
                "jwks_uri" character varying(2000) NOT NULL,
                "created_by" character varying(100) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_dd6e399387ef2dfe6ca6c342568" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "identity_attestation_authority_issuer_key" ON "identity_attestation_authority" ("issuer")
        `);
    await queryRunner.query(`
            CREATE TABLE "identity_rp_attestation" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "issuer" character varying(500) NOT NULL,
                "jti" character varying(200) NOT NULL,
                "subject" character varying(300) NOT NULL,
                "level" character varying(50) NOT NULL,
                "rp_jwks" jsonb NOT NULL,
                "jws" text NOT NULL,
                "issued_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "first_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_73aa76fc21dc048ca298cc2038c" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "identity_rp_attestation_subject_idx" ON "identity_rp_attestation" ("subject", "jti")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "identity_rp_attestation_key" ON "identity_rp_attestation" ("issuer", "jti")
        `);
    await queryRunner.query(`
            CREATE TABLE "identity_rp_policy" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "owner_key" character varying(36) NOT NULL,
                "service" character varying(300) NOT NULL,
                "policy" character varying(10) NOT NULL,
                "updated_by" character varying(100) NOT NULL,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_737f24840c8826efb1bf378d9da" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "identity_rp_policy_key" ON "identity_rp_policy" ("owner_key", "service")
        `);
    await queryRunner.query(`
            CREATE TABLE "identity_rp_verification" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "agent_id" uuid NOT NULL,
                "owner_id" uuid NOT NULL,
                "service_origin" character varying(300) NOT NULL,
                "status" character varying(20) NOT NULL,
                "policy" character varying(10) NOT NULL,
                "allowed" boolean NOT NULL,
                "source" character varying(30) NOT NULL,
                "issuer" character varying(500),
                "jti" character varying(200),
                "level" character varying(50),
                "expires_at" TIMESTAMP WITH TIME ZONE,
                "checked_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "reason" character varying(500),
                CONSTRAINT "PK_7da52e394b8a53b118b47c3c199" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "identity_rp_verification_agent_idx" ON "identity_rp_verification" ("agent_id", "checked_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "identity_signup_proof" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "agent_id" uuid NOT NULL,
                "owner_id" uuid NOT NULL,
                "service_origin" character varying(300) NOT NULL,
                "service_audience" character varying(500) NOT NULL,
                "provider_name" character varying(200) NOT NULL,
                "account" character varying(300),
                "proof_source" character varying(30) NOT NULL,
                "tier" smallint NOT NULL,
                "signup_token_issuer" character varying(300),
                "signup_token_jti" character varying(200),
                "signup_token_sha256" character(64),
                "assertion_jti" character varying(200),
                "attestation_jti" character varying(200),
                "acceptance_id" uuid,
                "rp_verification_id" uuid,
                "context_url" character varying(2000),
                "context_sha256" character(64),
                "agent_email_used" character varying(320) NOT NULL,
                "accepted_tos_hash" character(64) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_9c4b0cac99b43d366932235d55b" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "identity_signup_proof_agent_idx" ON "identity_signup_proof" ("agent_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "identity_signup_proof_self_key" ON "identity_signup_proof" ("agent_id", "service_origin")
            WHERE "proof_source" = 'agent_self_reported'
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "identity_signup_proof_token_key" ON "identity_signup_proof" ("signup_token_issuer", "signup_token_jti")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."identity_signup_proof_token_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_signup_proof_self_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_signup_proof_agent_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "identity_signup_proof"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_rp_verification_agent_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "identity_rp_verification"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_rp_policy_key"
        `);
    await queryRunner.query(`
            DROP TABLE "identity_rp_policy"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_rp_attestation_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_rp_attestation_subject_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "identity_rp_attestation"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_attestation_authority_issuer_key"
        `);
    await queryRunner.query(`
            DROP TABLE "identity_attestation_authority"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_acceptance_reuse_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_acceptance_service_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_acceptance_assertion_jti_key"
        `);
    await queryRunner.query(`
            DROP TABLE "identity_acceptance"
        `);
  }
}
