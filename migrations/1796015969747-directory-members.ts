import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DirectoryMembers1796015969747 implements MigrationInterface {
  name = 'DirectoryMembers1796015969747';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "member" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "slug" character varying(100) NOT NULL,
                "display_name" character varying(200) NOT NULL,
                "category" character varying(60),
                "description" character varying(1000) NOT NULL DEFAULT '',
                "website" character varying(500),
                "city" character varying(100),
                "country" character varying(100),
                "latitude" double precision,
                "longitude" double precision,
                "tags" text array NOT NULL DEFAULT '{}',
                "member_since" date NOT NULL,
                "status" character varying(10) NOT NULL DEFAULT 'active',
                "search_vector" tsvector,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_97cbbe986ce9d14ca5894fdc072" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "member_slug_key" ON "member" ("slug")
        `);
    await queryRunner.query(`
            CREATE TABLE "member_audit" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "operator_id" uuid,
                "operator_name" character varying(100) NOT NULL,
                "action" character varying(20) NOT NULL,
                "slug" character varying(100),
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "details" jsonb,
                CONSTRAINT "PK_469452e0e245d260ed6877f525f" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "member_audit_created_idx" ON "member_audit" ("created_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "member_audit_slug_created_idx" ON "member_audit" ("slug", "created_at")
        `);

    // Hand-written search machinery (indexes declared with synchronize: false on the entity).
    // The weighted full-text document of a member: name and slug weigh most, then category and
    // tags, then the description. IMMUTABLE (fixed text search configuration).
    await queryRunner.query(`
            CREATE FUNCTION member_search_document(display_name text, slug text, description text, category text, tags text[])
            RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT setweight(to_tsvector('english'::regconfig, coalesce(display_name, '') || ' ' || replace(coalesce(slug, ''), '-', ' ')), 'A')
                    || setweight(to_tsvector('english'::regconfig, coalesce(category, '') || ' ' || coalesce(array_to_string(tags, ' '), '')), 'B')
                    || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
            $$
        `);
    // search_vector is kept up to date by a trigger, so ranking reads it instead of recomputing it.
    await queryRunner.query(`
            CREATE FUNCTION member_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                NEW.search_vector := member_search_document(NEW.display_name, NEW.slug, NEW.description, NEW.category, NEW.tags);
                RETURN NEW;
            END
            $$
        `);
    await queryRunner.query(`
            CREATE TRIGGER member_search_vector_refresh
            BEFORE INSERT OR UPDATE OF display_name, slug, description, category, tags ON "member"
            FOR EACH ROW EXECUTE FUNCTION member_search_vector_refresh()
        `);
    await queryRunner.query(`
            CREATE INDEX "member_search_vector_idx" ON "member" USING gin ("search_vector")
        `);
    // Typo-tolerant name matching (display_name % query: similarity over the whole name).
    await queryRunner.query(`
            CREATE INDEX "member_display_name_trgm_idx" ON "member" USING gin (display_name gin_trgm_ops)
        `);
    // Exact lookup by display name, case-insensitive and whitespace-normalised.
    await queryRunner.query(`
            CREATE INDEX "member_display_name_norm_idx" ON "member"
            (lower(btrim(regexp_replace(display_name, '\\s+', ' ', 'g'))))
        `);
    // The public members page (categorized, active, ordered by slug) and its total.
    await queryRunner.query(`
            CREATE INDEX "member_public_slug_idx" ON "member" ("slug")
            WHERE status = 'active' AND category IS NOT NULL
        `);
    // Community stats: counts of active members, per category.
    await queryRunner.query(`
            CREATE INDEX "member_active_category_idx" ON "member" ("category") WHERE status = 'active'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."member_active_category_idx"`);
    await queryRunner.query(`DROP INDEX "public"."member_public_slug_idx"`);
    await queryRunner.query(`DROP INDEX "public"."member_display_name_norm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."member_display_name_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."member_search_vector_idx"`);
    await queryRunner.query(`DROP TRIGGER member_search_vector_refresh ON "member"`);
    await queryRunner.query(`DROP FUNCTION member_search_vector_refresh()`);
    await queryRunner.query(`DROP FUNCTION member_search_document(text, text, text, text, text[])`);
    await queryRunner.query(`DROP INDEX "public"."member_audit_slug_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."member_audit_created_idx"`);
    await queryRunner.query(`DROP TABLE "member_audit"`);
    await queryRunner.query(`DROP INDEX "public"."member_slug_key"`);
    await queryRunner.query(`DROP TABLE "member"`);
  }
}
