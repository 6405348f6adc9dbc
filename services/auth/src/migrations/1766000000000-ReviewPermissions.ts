import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The organiser's review permissions, given to the built-in organiser role of databases created before them. */
const ADDED = ['review:list', 'review:edit'];

export class ReviewPermissions1766000000000 implements MigrationInterface {
  name = 'ReviewPermissions1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE roles SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || $1::text[]) ORDER BY 1) WHERE key = 'admin' AND builtin`,
      [ADDED],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE roles SET permissions = ARRAY(SELECT unnest(permissions) EXCEPT SELECT unnest($1::text[])) WHERE key = 'admin' AND builtin`, [ADDED]);
  }
}
