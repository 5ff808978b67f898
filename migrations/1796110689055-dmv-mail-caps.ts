import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * DMV mail abuse limits (issue 14): the mailbox key of each registration's contact (per-address
 * cap without +tags or Gmail dots) and the recipient domain of each verification email (per-domain
 * and global daily caps). Existing rows are backfilled with the same rules as mailboxKey() in
 * src/common/validation/email-address.ts; contact addresses hold exactly one '@'.
 * Caller IP hashes are not rewritten: rows from before this release keep their salted SHA-256.
 */
export class DmvMailCaps1796110689055 implements MigrationInterface {
  name = 'DmvMailCaps1796110689055';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "dmv_registration" ADD "contact_mailbox" character varying(254)
        `);
    await queryRunner.query(`
            UPDATE "dmv_registration" r
               SET "contact_mailbox" = k.local_key || '@' || k.domain_key
              FROM (
                SELECT id,
                       CASE WHEN d IN ('gmail.com', 'googlemail.com') THEN replace(l, '.', '') ELSE l END AS local_key,
                       CASE WHEN d = 'googlemail.com' THEN 'gmail.com' ELSE d END AS domain_key
                  FROM (
                    SELECT id,
                           split_part(lower(contact_email), '@', 2) AS d,
                           CASE WHEN strpos(split_part(lower(contact_email), '@', 1), '+') > 1
                                THEN split_part(split_part(lower(contact_email), '@', 1), '+', 1)
                                ELSE split_part(lower(contact_email), '@', 1) END AS l
                      FROM "dmv_registration"
                  ) parts
              ) k
             WHERE k.id = r.id
        `);
    await queryRunner.query(`
            ALTER TABLE "dmv_registration" ALTER COLUMN "contact_mailbox" SET NOT NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "dmv_registration_mailbox_created_idx" ON "dmv_registration" ("contact_mailbox", "created_at")
        `);
    await queryRunner.query(`
            ALTER TABLE "dmv_verification_token" ADD "recipient_domain" character varying(253)
        `);
    await queryRunner.query(`
            UPDATE "dmv_verification_token" t
               SET "recipient_domain" = split_part(lower(r.contact_email), '@', 2)
              FROM "dmv_registration" r
             WHERE r.id = t.registration_id
        `);
    await queryRunner.query(`
            ALTER TABLE "dmv_verification_token" ALTER COLUMN "recipient_domain" SET NOT NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "dmv_verification_token_created_idx" ON "dmv_verification_token" ("created_at")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."dmv_verification_token_created_idx"`);
    await queryRunner.query(`ALTER TABLE "dmv_verification_token" DROP COLUMN "recipient_domain"`);
    await queryRunner.query(`DROP INDEX "public"."dmv_registration_mailbox_created_idx"`);
    await queryRunner.query(`ALTER TABLE "dmv_registration" DROP COLUMN "contact_mailbox"`);
  }
}
