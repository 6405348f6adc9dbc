import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebsiteSettings1763750000000 implements MigrationInterface {
  name = 'WebsiteSettings1763750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE website_settings (
        group_id int PRIMARY KEY,
        template_type smallint NOT NULL CHECK (template_type IN (1, 2, 3)),
        description text NOT NULL DEFAULT '',
        navigation_settings jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS website_settings`);
  }
}
