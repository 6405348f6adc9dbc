import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Experts: the built-in expert role gets what it needs (it had nothing, not even the competition options),
 * organisers get the expert screens, and an account may expire (temporary experts end with their competition).
 * Fixed lists: a migration must not change when the seed does.
 */
const EXPERT = ['competition:info:list', 'expert:self'];
const ADMIN = ['expert:list', 'expert:edit'];

const grant = (key: string) =>
  `UPDATE roles SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || $1::text[]) ORDER BY 1) WHERE key = '${key}' AND builtin`;
const revoke = (key: string) =>
  `UPDATE roles SET permissions = ARRAY(SELECT unnest(permissions) EXCEPT SELECT unnest($1::text[])) WHERE key = '${key}' AND builtin`;

export class ExpertAccess1766100000000 implements MigrationInterface {
  name = 'ExpertAccess1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN expires_at timestamptz`);
    await q.query(grant('expert'), [EXPERT]);
    await q.query(grant('admin'), [ADMIN]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(revoke('admin'), [ADMIN]);
    await q.query(revoke('expert'), [EXPERT]);
    await q.query(`ALTER TABLE users DROP COLUMN expires_at`);
  }
}
