import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * School names of a round's works (a round that excludes the expert's own organisation compares them with the
 * expert's unit), and whether a work goes on to the next stage's round (written by promotion, issue 16).
 */
export class RoundWorkSchools1766200000000 implements MigrationInterface {
  name = 'RoundWorkSchools1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE round_works ADD COLUMN school_names text[] NOT NULL DEFAULT '{}', ADD COLUMN promoted boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE round_works DROP COLUMN school_names, DROP COLUMN promoted`);
  }
}
