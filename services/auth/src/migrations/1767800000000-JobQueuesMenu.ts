import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 任务队列 (the job queues and the queue board) under 系统管理 of databases created before it. No role is granted it:
 * only ROOT administrators, who see every menu, use it. Fixed rows: a migration must not change when the seed does.
 */
export class JobQueuesMenu1767800000000 implements MigrationInterface {
  name = 'JobQueuesMenu1767800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO menus (parent_id, name, name_en, menu_type, path, component, icon, visible, order_num)
       SELECT d.id, '任务队列', 'Job queues', 2, 'queues', 'system/queues/index', NULL, 1,
              (SELECT COALESCE(MAX(order_num), 0) + 1 FROM menus WHERE parent_id = d.id)
         FROM menus d
        WHERE d.parent_id IS NULL AND d.path = 'system'
          AND NOT EXISTS (SELECT 1 FROM menus e WHERE e.parent_id = d.id AND e.component = 'system/queues/index')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menus WHERE menu_id IN (SELECT id FROM menus WHERE component = 'system/queues/index')`);
    await q.query(`DELETE FROM menus WHERE component = 'system/queues/index'`);
  }
}
