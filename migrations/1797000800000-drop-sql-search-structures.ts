import type { MigrationInterface, QueryRunner } from 'typeorm';

// Search ranks in process since issue 16 (src/common/search/text-index.ts); PostgreSQL serves only
// the change logs and reads by id. The SQL search's structures were still maintained on every write
// and read by nothing: the weighted tsvector columns and the triggers that fill them on member and
// memory_message, their GIN indexes, and the trigram indexes on member names, message titles and
// the Recall vocabulary. (search_memory's snippets call ts_headline on the body of one page of
// messages; that needs no stored column or index.) The pg_trgm extension stays installed.
export class DropSqlSearchStructures1797000800000 implements MigrationInterface {
  name = 'DropSqlSearchStructures1797000800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."member_display_name_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."member_search_vector_idx"`);
    await queryRunner.query(`DROP TRIGGER member_search_vector_refresh ON "member"`);
    await queryRunner.query(`DROP FUNCTION member_search_vector_refresh()`);
    await queryRunner.query(`DROP FUNCTION member_search_document(text, text, text, text, text[])`);
    await queryRunner.query(`ALTER TABLE "member" DROP COLUMN "search_vector"`);

    await queryRunner.query(`DROP INDEX "public"."memory_term_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."memory_message_title_trgm_idx"`);
    await queryRunner.query(`DROP INDEX "public"."memory_message_search_idx"`);
    await queryRunner.query(`DROP TRIGGER memory_message_search_update ON "memory_message"`);
    await queryRunner.query(`DROP FUNCTION memory_message_search_update()`);
    await queryRunner.query(`ALTER TABLE "memory_message" DROP COLUMN "search"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Recreated as 1796016063944 and 1796015969747 made them, with the columns filled for existing rows.
    await queryRunner.query(`ALTER TABLE "memory_message" ADD "search" tsvector`);
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
            UPDATE "memory_message" SET search = setweight(to_tsvector('english', coalesce(title, '')), 'A')
                || setweight(to_tsvector('english', coalesce(topic, '')), 'B')
                || setweight(to_tsvector('english', coalesce(body, '')), 'C')
        `);
    await queryRunner.query(`ALTER TABLE "memory_message" ALTER COLUMN "search" SET NOT NULL`);
    await queryRunner.query(`
            CREATE TRIGGER memory_message_search_update BEFORE INSERT OR UPDATE OF title, topic, body ON "memory_message"
            FOR EACH ROW EXECUTE FUNCTION memory_message_search_update()
        `);
    await queryRunner.query(`CREATE INDEX "memory_message_search_idx" ON "memory_message" USING gin ("search")`);
    await queryRunner.query(
      `CREATE INDEX "memory_message_title_trgm_idx" ON "memory_message" USING gin (("title" || ' ' || "topic") gin_trgm_ops)`,
    );
    await queryRunner.query(`CREATE INDEX "memory_term_trgm_idx" ON "memory_term" USING gist ("term" gist_trgm_ops)`);

    await queryRunner.query(`ALTER TABLE "member" ADD "search_vector" tsvector`);
    await queryRunner.query(`
            CREATE FUNCTION member_search_document(display_name text, slug text, description text, category text, tags text[])
            RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                SELECT setweight(to_tsvector('english'::regconfig, coalesce(display_name, '') || ' ' || replace(coalesce(slug, ''), '-', ' ')), 'A')
                    || setweight(to_tsvector('english'::regconfig, coalesce(category, '') || ' ' || coalesce(array_to_string(tags, ' '), '')), 'B')
                    || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
            $$
        `);
    await queryRunner.query(`
            CREATE FUNCTION member_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                NEW.search_vector := member_search_document(NEW.display_name, NEW.slug, NEW.description, NEW.category, NEW.tags);
                RETURN NEW;
            END
            $$
        `);
    await queryRunner.query(`UPDATE "member" SET search_vector = member_search_document(display_name, slug, description, category, tags)`);
    await queryRunner.query(`
            CREATE TRIGGER member_search_vector_refresh
            BEFORE INSERT OR UPDATE OF display_name, slug, description, category, tags ON "member"
            FOR EACH ROW EXECUTE FUNCTION member_search_vector_refresh()
        `);
    await queryRunner.query(`CREATE INDEX "member_search_vector_idx" ON "member" USING gin ("search_vector")`);
    await queryRunner.query(`CREATE INDEX "member_display_name_trgm_idx" ON "member" USING gin (display_name gin_trgm_ops)`);
  }
}
