import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The competition's and event's English names, copied with the Chinese ones when a batch is made, so English
 * screens (my certificates, trace) show them (issue 13). Batches from before stay empty and show the Chinese name.
 */
export class BatchEnglishNames1765413000000 implements MigrationInterface {
  name = 'BatchEnglishNames1765413000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE batches ADD COLUMN competition_name_en varchar(200) NOT NULL DEFAULT '', ADD COLUMN item_name_en varchar(200) NOT NULL DEFAULT ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE batches DROP COLUMN competition_name_en, DROP COLUMN item_name_en`);
  }
}
