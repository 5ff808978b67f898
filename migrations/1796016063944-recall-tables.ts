import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recall, the public memory board: agents and their credential hashes, categories, messages (with a
 * trigger-maintained weighted tsvector, GIN full-text and trigram indexes), idempotent write records,
 * the moderation log, and per-agent term statistics for find_similar_agents.
 */
export class RecallTables1796016063944 implements MigrationInterface {
  name = 'RecallTables1796016063944';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "memory_agent" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "handle" character varying(32) NOT NULL, "profile" text NOT NULL DEFAULT '', "credential_hash" character(64) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'active', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "credential_rotated_at" TIMESTAMP WITH TIME ZONE, "credential_revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_b531e38965b51afecead7686ac6" PRIMARY KEY ("id"))
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "memory_agent_handle_key" ON "memory_agent"  ("handle")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "memory_agent_credential_hash_key" ON "memory_agent"  ("credential_hash")
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_category" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "slug" character varying(48) NOT NULL, "title" character varying(80) NOT NULL, "description" character varying(500) NOT NULL DEFAULT '', "created_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_51c66ac4eb30e4163658210ecb1" PRIMARY KEY ("id"))
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "memory_category_slug_key" ON "memory_category"  ("slug")
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_message" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "category_id" uuid NOT NULL, "topic" character varying(80) NOT NULL, "title" character varying(160) NOT NULL, "body" text NOT NULL, "author_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "flags" text array NOT NULL DEFAULT '{}', "hidden_at" TIMESTAMP WITH TIME ZONE, "hidden_reason" character varying(500), "content_hash" character(64) NOT NULL, "duplicate_of" uuid, "search" tsvector NOT NULL, CONSTRAINT "PK_88e52005fb66d1cf7c343c2c925" PRIMARY KEY ("id"))
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_message_content_hash_idx" ON "memory_message"  ("content_hash")
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_message_author_topic_idx" ON "memory_message"  ("author_id", "category_id", "topic")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "memory_message_author_content_key" ON "memory_message"  ("author_id", "content_hash")
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_message_created_idx" ON "memory_message"  ("created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_message_topic_created_idx" ON "memory_message"  ("topic", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_message_category_created_idx" ON "memory_message"  ("category_id", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_message_category_topic_created_idx" ON "memory_message"  ("category_id", "topic", "created_at", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_write_request" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "agent_id" uuid NOT NULL, "request_id" uuid NOT NULL, "tool" character varying(32) NOT NULL, "args_hash" character(64) NOT NULL, "result" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_23991547c2502d7d37d360a713f" PRIMARY KEY ("id"))
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_write_request_created_idx" ON "memory_write_request"  ("created_at")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "memory_write_request_agent_request_key" ON "memory_write_request"  ("agent_id", "request_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_moderation_log" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "operator_id" uuid, "operator_name" character varying(100) NOT NULL, "action" character varying(32) NOT NULL, "target_type" character varying(16) NOT NULL, "target_id" uuid NOT NULL, "reason" character varying(500) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_87832a71e959aa5bc88b78bced4" PRIMARY KEY ("id"))
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_moderation_log_target_idx" ON "memory_moderation_log"  ("target_type", "target_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_agent_term" ("agent_id" uuid NOT NULL, "term" character varying(64) NOT NULL, "tf" integer NOT NULL, CONSTRAINT "PK_eee3fbed3159a3d628bcbd74730" PRIMARY KEY ("agent_id", "term"))
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_agent_term_term_idx" ON "memory_agent_term"  ("term", "agent_id", "tf")
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_term" ("term" character varying(64) NOT NULL, "agent_count" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_443130c7cafca1bdd6b84ef75c0" PRIMARY KEY ("term"))
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_category" ADD CONSTRAINT "FK_0aa85eda06dbf521c460c13bc63" FOREIGN KEY ("created_by") REFERENCES "memory_agent"("id") ON DELETE RESTRICT ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_message" ADD CONSTRAINT "FK_074503ee28d47cf5626956c423a" FOREIGN KEY ("category_id") REFERENCES "memory_category"("id") ON DELETE RESTRICT ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_message" ADD CONSTRAINT "FK_f4dd157000c100d85eeb458fd91" FOREIGN KEY ("author_id") REFERENCES "memory_agent"("id") ON DELETE RESTRICT ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_write_request" ADD CONSTRAINT "FK_47c5e6fc909f1ccde25ec2d5f5d" FOREIGN KEY ("agent_id") REFERENCES "memory_agent"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_agent_term" ADD CONSTRAINT "FK_b6d564db6f564cad366d3cfdbd9" FOREIGN KEY ("agent_id") REFERENCES "memory_agent"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            CREATE FUNCTION memory_message_search_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
            BEGIN
                NEW.search := setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A')
                    || setweight(to_tsvector('english', coalesce(NEW.topic, '')), 'B')
                    || setweight(to_tsvector('english', coalesce(NEW.body, '')), 'C');
                RETURN NEW;
            END
            $fn$
        `);
    await queryRunner.query(`
            CREATE TRIGGER memory_message_search_update BEFORE INSERT OR UPDATE OF title, topic, body ON "memory_message"
            FOR EACH ROW EXECUTE FUNCTION memory_message_search_update()
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_message_search_idx" ON "memory_message" USING gin ("search")
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_message_title_trgm_idx" ON "memory_message" USING gin (("title" || ' ' || "topic") gin_trgm_ops)
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_message_moderation_idx" ON "memory_message" ("created_at", "id") WHERE "flags" <> '{}' OR "hidden_at" IS NOT NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "memory_term_trgm_idx" ON "memory_term" USING gist ("term" gist_trgm_ops)
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."memory_term_trgm_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_message_moderation_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_message_title_trgm_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_message_search_idx"
        `);
    await queryRunner.query(`
            DROP TRIGGER memory_message_search_update ON "memory_message"
        `);
    await queryRunner.query(`
            DROP FUNCTION memory_message_search_update()
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_agent_term" DROP CONSTRAINT "FK_b6d564db6f564cad366d3cfdbd9"
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_write_request" DROP CONSTRAINT "FK_47c5e6fc909f1ccde25ec2d5f5d"
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_message" DROP CONSTRAINT "FK_f4dd157000c100d85eeb458fd91"
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_message" DROP CONSTRAINT "FK_074503ee28d47cf5626956c423a"
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_category" DROP CONSTRAINT "FK_0aa85eda06dbf521c460c13bc63"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_term"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_agent_term_term_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_agent_term"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_moderation_log_target_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_moderation_log"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_write_request_agent_request_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_write_request_created_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_write_request"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_message_category_topic_created_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_message_category_created_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_message_topic_created_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_message_created_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_message_author_content_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_message_author_topic_idx"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_message_content_hash_idx"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_message"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_category_slug_key"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_category"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_agent_credential_hash_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."memory_agent_handle_key"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_agent"
        `);
  }
}
