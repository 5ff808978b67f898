import { MigrationInterface, QueryRunner } from 'typeorm';

export class BrokerTables1796097237563 implements MigrationInterface {
  name = 'BrokerTables1796097237563';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "app_secret" (
                "name" character varying(60) NOT NULL,
                "value" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_0bf6fc27bbdc865c8ab90b4ca41" PRIMARY KEY ("name")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "identity_agent" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "owner_id" uuid NOT NULL,
                "handle" character varying(64) NOT NULL,
                "name" character varying(100) NOT NULL,
                "harness" character varying(200),
                "status" character varying(16) NOT NULL DEFAULT 'active',
                "status_reason" character varying(300),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_b7fcf1a0c9f1479e82bb09b7fbb" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "identity_agent_handle_key" ON "identity_agent" ("handle")
        `);
    await queryRunner.query(`
            CREATE INDEX "identity_agent_owner_idx" ON "identity_agent" ("owner_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "identity_signing_key" (
                "kid" character varying(64) NOT NULL,
                "alg" character varying(10) NOT NULL,
                "public_jwk" jsonb NOT NULL,
                "private_jwk" text NOT NULL,
                "status" character varying(10) NOT NULL DEFAULT 'active',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "retired_at" TIMESTAMP WITH TIME ZONE,
                "publish_until" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_263fdcea6a06c5de5c480ca3e20" PRIMARY KEY ("kid")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_authorization_request" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "client_row_id" uuid NOT NULL,
                "session_id" uuid NOT NULL,
                "owner_id" uuid NOT NULL,
                "redirect_uri" character varying(2000) NOT NULL,
                "state" character varying(1000),
                "code_challenge" character varying(128) NOT NULL,
                "scopes" text array NOT NULL,
                "resource" character varying(2000) NOT NULL,
                "csrf_hash" character(64) NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "completed_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_0926b179f6f773ef122ea97984e" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_authorization_request_expires_idx" ON "oauth_authorization_request" ("expires_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_audit" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "actor" character varying(150) NOT NULL,
                "action" character varying(60) NOT NULL,
                "subject_type" character varying(30) NOT NULL,
                "subject_id" character varying(512) NOT NULL,
                "owner_id" uuid,
                "detail" jsonb NOT NULL DEFAULT '{}',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_46a0cfd4c13e2a200a26eeb5aef" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_audit_owner_idx" ON "oauth_audit" ("owner_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_audit_subject_idx" ON "oauth_audit" ("subject_type", "subject_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_client" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "client_id" character varying(512) NOT NULL,
                "kind" character varying(16) NOT NULL,
                "client_name" character varying(200) NOT NULL,
                "redirect_uris" jsonb NOT NULL,
                "grant_types" jsonb NOT NULL,
                "token_endpoint_auth_method" character varying(32) NOT NULL,
                "client_secret_hash" character(64),
                "scope" character varying(500),
                "metadata" jsonb NOT NULL DEFAULT '{}',
                "created_by" character varying(100),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "last_used_at" TIMESTAMP WITH TIME ZONE,
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_d6e58a7e0ec3ac17a67ba7f97cd" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "oauth_client_client_id_key" ON "oauth_client" ("client_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_delegation_agreement" (
                "version" character varying(20) NOT NULL,
                "text" text NOT NULL,
                "sha256" character(64) NOT NULL,
                "published_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "published_by" character varying(100) NOT NULL,
                CONSTRAINT "PK_3e4b074cc99da09fb8948995f83" PRIMARY KEY ("version")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_delegation_signature" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "owner_id" uuid NOT NULL,
                "version" character varying(20) NOT NULL,
                "text_sha256" character(64) NOT NULL,
                "ip_hash" character(64) NOT NULL,
                "signed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_db84ac0a7739637b00b35609cdc" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "oauth_delegation_signature_owner_version_key" ON "oauth_delegation_signature" ("owner_id", "version")
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_grant" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "owner_id" uuid NOT NULL,
                "client_row_id" uuid NOT NULL,
                "agent_id" uuid NOT NULL,
                "scopes" text array NOT NULL,
                "resource" character varying(2000) NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "last_used_at" TIMESTAMP WITH TIME ZONE,
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                "revoked_by" character varying(100),
                CONSTRAINT "PK_7ef975b60977497b796babe82ca" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_grant_client_idx" ON "oauth_grant" ("client_row_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_grant_owner_idx" ON "oauth_grant" ("owner_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_owner" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "email" character varying(254) NOT NULL,
                "status" character varying(16) NOT NULL DEFAULT 'active',
                "status_reason" character varying(300),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "last_sign_in_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_9894faab198f9495cc629405e58" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "oauth_owner_email_key" ON "oauth_owner" ("email")
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_session" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "token_hash" character(64) NOT NULL,
                "owner_id" uuid NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_08653104c7a3cecfc04988efb7c" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "oauth_session_token_key" ON "oauth_session" ("token_hash")
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_session_owner_idx" ON "oauth_session" ("owner_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_signin_challenge" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "email" character varying(254) NOT NULL,
                "challenge_hash" character(64) NOT NULL,
                "link_hash" character(64) NOT NULL,
                "code_hash" character(64) NOT NULL,
                "return_to" character varying(2000) NOT NULL,
                "attempts" integer NOT NULL DEFAULT '0',
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "used_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_4b63e1e6a261ac428863b428c0a" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "oauth_signin_challenge_handle_key" ON "oauth_signin_challenge" ("challenge_hash")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "oauth_signin_challenge_link_key" ON "oauth_signin_challenge" ("link_hash")
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_signin_challenge_email_idx" ON "oauth_signin_challenge" ("email", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "oauth_token" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "token_hash" character(64) NOT NULL,
                "kind" character varying(8) NOT NULL,
                "family_id" uuid NOT NULL,
                "grant_id" uuid NOT NULL,
                "owner_id" uuid NOT NULL,
                "client_row_id" uuid NOT NULL,
                "agent_id" uuid NOT NULL,
                "scopes" text array NOT NULL,
                "resource" character varying(2000) NOT NULL,
                "redirect_uri" character varying(2000),
                "code_challenge" character varying(128),
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "used_at" TIMESTAMP WITH TIME ZONE,
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                "revoked_reason" character varying(100),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "last_used_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_7e6a25a3cc4395d1658f5b89c73" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "oauth_token_hash_key" ON "oauth_token" ("token_hash")
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_token_grant_idx" ON "oauth_token" ("grant_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_token_family_idx" ON "oauth_token" ("family_id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."oauth_token_family_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_token_grant_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_token_hash_key"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_token"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_signin_challenge_email_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_signin_challenge_link_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_signin_challenge_handle_key"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_signin_challenge"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_session_owner_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_session_token_key"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_session"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_owner_email_key"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_owner"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_grant_owner_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_grant_client_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_grant"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_delegation_signature_owner_version_key"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_delegation_signature"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_delegation_agreement"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_client_client_id_key"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_client"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_audit_subject_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_audit_owner_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_audit"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."oauth_authorization_request_expires_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "oauth_authorization_request"
        `);
    await queryRunner.query(`
            DROP TABLE "identity_signing_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_agent_owner_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."identity_agent_handle_key"
        `);
    await queryRunner.query(`
            DROP TABLE "identity_agent"
        `);
    await queryRunner.query(`
            DROP TABLE "app_secret"
        `);
  }
}
