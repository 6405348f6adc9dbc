import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * School summaries (issue 30) in databases created before them: the organiser role (and ROOT's) sets and reads
 * summaries, and the built-in school contact role (学校联系人) hands them in from 总结提交, its one menu entry.
 * A fresh database gets both from the seed, so the role is added only where built-in roles already exist.
 * Fixed rows: a migration must not change when the seed does.
 */
const ORGANISER_PERMS = ['summary:manage', 'summary:submit'];
const CONTACT_PERMS = ['summary:submit'];

export class SchoolSummaries1768500000000 implements MigrationInterface {
  name = 'SchoolSummaries1768500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE roles SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || $1::text[]) ORDER BY 1) WHERE key IN ('admin', 'ROOT') AND builtin`, [
      ORGANISER_PERMS,
    ]);
    const added: { id: number }[] = await q.query(
      `INSERT INTO roles (key, name, permissions, builtin) SELECT 'schoolContact', '学校联系人', $1::text[], true
       WHERE EXISTS (SELECT 1 FROM roles WHERE builtin) AND NOT EXISTS (SELECT 1 FROM roles WHERE key = 'schoolContact') RETURNING id`,
      [CONTACT_PERMS],
    );
    if (!added.length) return;
    await q.query(
      `WITH page AS (SELECT id, parent_id FROM menus WHERE component = 'summary/submissions/index')
       INSERT INTO role_menus (role_id, menu_id)
       SELECT $1::int, id FROM page UNION SELECT $1::int, parent_id FROM page WHERE parent_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [added[0].id],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menus WHERE role_id IN (SELECT id FROM roles WHERE key = 'schoolContact' AND builtin)`);
    await q.query(`DELETE FROM roles WHERE key = 'schoolContact' AND builtin AND NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.role_id = roles.id)`);
    await q.query(`UPDATE roles SET permissions = ARRAY(SELECT unnest(permissions) EXCEPT SELECT unnest($1::text[])) WHERE key IN ('admin', 'ROOT') AND builtin`, [ORGANISER_PERMS]);
  }
}
