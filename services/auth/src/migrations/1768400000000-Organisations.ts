import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 机构列表 and the trial application (issue 30): an organisation's kind and status (a disabled one's users, and its
 * subordinates', cannot log in), trial applications with their follow-up notes, and the ROOT-only 试用申请 menu
 * entry under 机构管理 in databases created before it. Fixed rows: a migration must not change when the seed does.
 */
export class Organisations1768400000000 implements MigrationInterface {
  name = 'Organisations1768400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE groups
        ADD COLUMN kind varchar(16) NOT NULL DEFAULT 'university'
          CONSTRAINT groups_kind_ck CHECK (kind IN ('university', 'college', 'school', 'company', 'other')),
        ADD COLUMN status smallint NOT NULL DEFAULT 1 CONSTRAINT groups_status_ck CHECK (status IN (0, 1))`);
    // Organisations made before kinds existed are universities until their administrators say otherwise.
    await q.query(`
      CREATE TABLE trial_applications (
        id serial PRIMARY KEY,
        university varchar(100) NOT NULL,
        contact varchar(50) NOT NULL,
        phone varchar(20) NOT NULL,
        size varchar(16) NOT NULL CONSTRAINT trial_size_ck CHECK (size IN ('under5k', 'from5kTo20k', 'from20kTo50k', 'over50k')),
        needs varchar(1000) NOT NULL DEFAULT '',
        state varchar(16) NOT NULL DEFAULT 'new' CONSTRAINT trial_state_ck CHECK (state IN ('new', 'following', 'converted', 'closed')),
        group_id int REFERENCES groups(id),
        lang varchar(8) NOT NULL DEFAULT 'zh-CN',
        ip varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One open application per phone: a second submission while one is followed up is refused.
    await q.query(`CREATE UNIQUE INDEX trial_open_phone_uq ON trial_applications (phone) WHERE state IN ('new', 'following')`);
    await q.query(`CREATE INDEX trial_created_idx ON trial_applications (created_at DESC)`);
    await q.query(`
      CREATE TABLE trial_notes (
        id serial PRIMARY KEY,
        application_id int NOT NULL REFERENCES trial_applications(id) ON DELETE CASCADE,
        author_id int REFERENCES users(id),
        author_name varchar(100) NOT NULL,
        body varchar(2000) NOT NULL,
        state varchar(16),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX trial_notes_application_idx ON trial_notes (application_id, id)`);
    await q.query(
      `INSERT INTO menus (parent_id, name, name_en, menu_type, path, component, icon, visible, order_num)
       SELECT d.id, '试用申请', 'Trial applications', 2, 'trial', 'organization/trial/index', NULL, 1,
              (SELECT COALESCE(MAX(order_num), 0) + 1 FROM menus WHERE parent_id = d.id)
         FROM menus d
        WHERE d.parent_id IS NULL AND d.path = 'organization'
          AND NOT EXISTS (SELECT 1 FROM menus e WHERE e.parent_id = d.id AND e.component = 'organization/trial/index')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menus WHERE menu_id IN (SELECT id FROM menus WHERE component = 'organization/trial/index')`);
    await q.query(`DELETE FROM menus WHERE component = 'organization/trial/index'`);
    await q.query(`DROP TABLE trial_notes`);
    await q.query(`DROP TABLE trial_applications`);
    await q.query(`ALTER TABLE groups DROP COLUMN status, DROP COLUMN kind`);
  }
}
