import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebsiteBanners1763900000000 implements MigrationInterface {
  name = 'WebsiteBanners1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE website_settings ADD COLUMN banners jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE website_settings DROP COLUMN banners`);
  }
}
