import type { MigrationInterface, QueryRunner } from 'typeorm';

// Outbound mail keeps no one-time secret in plaintext (issue 14): the stored subject and bodies are
// redacted, and the content as it must be sent is sealed until the message is sent or has ended.
export class OutboundMailSealedSecrets1796110955263 implements MigrationInterface {
  name = 'OutboundMailSealedSecrets1796110955263';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "outbound_mail"
            ADD "redacted" boolean NOT NULL DEFAULT false
        `);
    await queryRunner.query(`
            ALTER TABLE "outbound_mail"
            ADD "sealed_content" text
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "outbound_mail" DROP COLUMN "sealed_content"
        `);
    await queryRunner.query(`
            ALTER TABLE "outbound_mail" DROP COLUMN "redacted"
        `);
  }
}
