import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Organisations named in English too (issue 26): the public site's header shows it in English ('' shows the Chinese). */
export class GroupNamesEn1767650000000 implements MigrationInterface {
  name = 'GroupNamesEn1767650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE groups ADD COLUMN name_en varchar(100) NOT NULL DEFAULT ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE groups DROP COLUMN name_en`);
  }
}
