import type { MigrationInterface, QueryRunner } from 'typeorm';

// Owners change their email address with a code mailed to the new address: a sign-in challenge now
// has a purpose ("signin" or "email_change"), and an email change names the owner it belongs to.
// Sign-in never accepts an email-change code, nor the other way round.
export class OwnerEmailChange1797000500000 implements MigrationInterface {
  name = 'OwnerEmailChange1797000500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "oauth_signin_challenge"
            ADD "purpose" character varying(16) NOT NULL DEFAULT 'signin'
        `);
    await queryRunner.query(`
            ALTER TABLE "oauth_signin_challenge"
            ADD "owner_id" uuid
        `);
    await queryRunner.query(`
            CREATE INDEX "oauth_signin_challenge_owner_idx" ON "oauth_signin_challenge" ("owner_id", "created_at")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."oauth_signin_challenge_owner_idx"
        `);
    await queryRunner.query(`
            ALTER TABLE "oauth_signin_challenge" DROP COLUMN "owner_id"
        `);
    await queryRunner.query(`
            ALTER TABLE "oauth_signin_challenge" DROP COLUMN "purpose"
        `);
  }
}
