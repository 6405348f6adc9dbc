import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A generated password (an expert's login slip) is good for one login only: that login must set a new
 * password before a session opens. Accounts made before this keep working as they are.
 */
export class OneTimePasswords1767600000000 implements MigrationInterface {
  name = 'OneTimePasswords1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN password_one_time boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN password_one_time`);
  }
}
