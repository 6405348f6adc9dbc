import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finance (issue 15) in databases created before it: the organiser role gets the finance permissions, and the
 * built-in finance role (财务人员) is added with the workbench and finance menus. A fresh database gets both
 * from the seed, so nothing happens while there are no built-in roles yet. Fixed rows: a migration must not
 * change when the seed does.
 */
const PERMS = ['finance:list', 'finance:edit'];

export class FinanceRole1767000000000 implements MigrationInterface {
  name = 'FinanceRole1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE roles SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || $1::text[]) ORDER BY 1) WHERE key = 'admin' AND builtin`,
      [PERMS],
    );
    const added: { id: number }[] = await q.query(
      `INSERT INTO roles (key, name, permissions, builtin) SELECT 'finance', '财务人员', $1::text[], true
       WHERE EXISTS (SELECT 1 FROM roles WHERE builtin) AND NOT EXISTS (SELECT 1 FROM roles WHERE key = 'finance') RETURNING id`,
      [PERMS],
    );
    if (!added.length) return;
    await q.query(
      `WITH RECURSIVE tree AS (SELECT id FROM menus WHERE parent_id IS NULL AND path IN ('dashboard', 'finance')
                               UNION ALL SELECT m.id FROM menus m JOIN tree t ON m.parent_id = t.id)
       INSERT INTO role_menus (role_id, menu_id) SELECT $1, id FROM tree ON CONFLICT DO NOTHING`,
      [added[0].id],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menus WHERE role_id IN (SELECT id FROM roles WHERE key = 'finance' AND builtin)`);
    await q.query(`DELETE FROM roles WHERE key = 'finance' AND builtin AND NOT EXISTS (SELECT 1 FROM user_roles ur WHERE ur.role_id = roles.id)`);
    await q.query(`UPDATE roles SET permissions = ARRAY(SELECT unnest(permissions) EXCEPT SELECT unnest($1::text[])) WHERE key = 'admin' AND builtin`, [PERMS]);
  }
}
