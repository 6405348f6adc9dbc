import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Permissions that arrived with competitions, reference data, news, sign-ups and certificates, given to the
 * built-in organiser role of databases created before them (new databases get them from the seed). A fixed list:
 * a migration must not change when the seed does.
 */
const ADDED = [
  'competition:info:list', 'competition:info:edit',
  'system:school:list', 'system:school:edit', 'system:school:import', 'system:college:edit', 'system:major:edit', 'system:dict:list',
  'news:list', 'news:edit', 'news:check',
  'enroll:list', 'enroll:check', 'enroll:export', 'work:list', 'work:publish',
  'certificate:list', 'certificate:edit', 'certificate:issue', 'certificate:revoke',
];

export class AdminPermissions1764100000000 implements MigrationInterface {
  name = 'AdminPermissions1764100000000';

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
