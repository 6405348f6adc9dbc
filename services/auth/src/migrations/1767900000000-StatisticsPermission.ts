import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The data centre (issue 29) in databases created before it: the organiser role (and ROOT's, which lists every
 * permission) reads the statistics. A fresh
 * database gets it from the seed. Fixed rows: a migration must not change when the seed does.
 */
const PERMS = ['statistics:view'];

export class StatisticsPermission1767900000000 implements MigrationInterface {
  name = 'StatisticsPermission1767900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE roles SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || $1::text[]) ORDER BY 1) WHERE key IN ('admin', 'ROOT') AND builtin`, [PERMS]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE roles SET permissions = ARRAY(SELECT unnest(permissions) EXCEPT SELECT unnest($1::text[])) WHERE key IN ('admin', 'ROOT') AND builtin`, [PERMS]);
  }
}
