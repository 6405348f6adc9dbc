import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A round's works keep their event's English name beside the Chinese one (issue 26), copied when works are loaded,
 * so that review screens and the winners name events in English. Works loaded before have '' until loaded again.
 */
export class RoundWorkEventNamesEn1767160000000 implements MigrationInterface {
  name = 'RoundWorkEventNamesEn1767160000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE round_works ADD COLUMN event_name_en varchar(200) NOT NULL DEFAULT ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE round_works DROP COLUMN event_name_en`);
  }
}
