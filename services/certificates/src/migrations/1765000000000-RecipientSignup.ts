import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sign-up a winner was picked from, so the same sign-up is not added to a batch twice. */
export class RecipientSignup1765000000000 implements MigrationInterface {
  name = 'RecipientSignup1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE certificates ADD COLUMN signup_id bigint`);
    await q.query(`CREATE INDEX certificates_batch_signup_idx ON certificates (batch_id, signup_id) WHERE signup_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE certificates DROP COLUMN signup_id`);
  }
}
