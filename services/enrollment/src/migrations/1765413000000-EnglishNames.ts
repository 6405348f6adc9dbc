import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The competition's and event's English names, kept beside the Chinese ones the sign-up already copies, so an
 * English screen shows them (issue 13). Rows from before stay empty and show the Chinese name.
 */
export class EnglishNames1765413000000 implements MigrationInterface {
  name = 'EnglishNames1765413000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signups ADD COLUMN competition_name_en varchar(200) NOT NULL DEFAULT '', ADD COLUMN item_name_en varchar(200) NOT NULL DEFAULT ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signups DROP COLUMN competition_name_en, DROP COLUMN item_name_en`);
  }
}
