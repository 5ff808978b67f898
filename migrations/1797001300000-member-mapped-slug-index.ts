import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The map's profiles list (GET /api/v1/profiles, /api/map/profiles: active members with a location,
 * in slug order) is served like the members list: keyset scans from remembered anchors and the total
 * from the same pass (src/directory/services/member-pages.ts). Both need a partial index on slug over
 * exactly those members; without it, every page sorted all mapped members and counted them (≈ 0.4 s
 * a page at a million members, 2.5 s at offset 500,000).
 */
export class MemberMappedSlugIndex1797001300000 implements MigrationInterface {
  name = 'MemberMappedSlugIndex1797001300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "member_mapped_slug_idx" ON "member" ("slug")
            WHERE status = 'active' AND latitude IS NOT NULL AND longitude IS NOT NULL
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."member_mapped_slug_idx"`);
  }
}
