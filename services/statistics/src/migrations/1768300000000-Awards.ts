import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each sign-up's published awards (its fact's `awards`); the award figures read only the sign-ups that have some. */
export class Awards1768300000000 implements MigrationInterface {
  name = 'Awards1768300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signups ADD COLUMN awards jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`CREATE INDEX signups_awarded ON signups (competition_id) WHERE awards <> '[]'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX signups_awarded`);
    await q.query(`ALTER TABLE signups DROP COLUMN awards`);
  }
}
