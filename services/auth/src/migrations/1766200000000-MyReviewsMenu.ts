import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 我的评审 (an expert's assigned works), its hidden scoring page and 回避声明 (the expert's own conflict declarations), under the 评审管理 directory of databases
 * created before them, given to every role that already has that directory (the expert role, organisers).
 * Fixed rows: a migration must not change when the seed does.
 */
const PAGES = [
  { name: '我的评审', en: 'My reviews', path: 'mine', component: 'review/mine/index', visible: 1 },
  { name: '评分', en: 'Scoring', path: 'score', component: 'review/mine/score', visible: 0 },
  { name: '回避声明', en: 'Conflicts of interest', path: 'conflicts', component: 'experts/account/index', visible: 1 },
];

export class MyReviewsMenu1766200000000 implements MigrationInterface {
  name = 'MyReviewsMenu1766200000000';

  async up(q: QueryRunner): Promise<void> {
    const dirs: { id: number }[] = await q.query(`SELECT id FROM menus WHERE parent_id IS NULL AND path = 'review'`);
    for (const { id: dir } of dirs) {
      for (const p of PAGES) {
        const existing: { id: number }[] = await q.query(`SELECT id FROM menus WHERE parent_id = $1 AND component = $2`, [dir, p.component]);
        if (existing.length) continue;
        const [{ id }] = await q.query(
          `INSERT INTO menus (parent_id, name, name_en, menu_type, path, component, icon, visible, order_num)
           VALUES ($1, $2, $3, 2, $4, $5, NULL, $6, 0) RETURNING id`,
          [dir, p.name, p.en, p.path, p.component, p.visible],
        );
        await q.query(
          `INSERT INTO role_menus (role_id, menu_id)
           SELECT DISTINCT rm.role_id, $2::int FROM role_menus rm
            WHERE rm.menu_id = $1 OR rm.menu_id IN (SELECT id FROM menus WHERE parent_id = $1)
           ON CONFLICT DO NOTHING`,
          [dir, id],
        );
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    const components = PAGES.map((p) => p.component);
    await q.query(`DELETE FROM role_menus WHERE menu_id IN (SELECT id FROM menus WHERE component = ANY($1::text[]))`, [components]);
    await q.query(`DELETE FROM menus WHERE component = ANY($1::text[])`, [components]);
  }
}
