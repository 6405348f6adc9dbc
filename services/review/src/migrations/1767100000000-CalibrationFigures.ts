import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The figures an expert's "out of line" flag is measured with, kept beside it so the screen can show them: the mean
 * offset of their scores from the other experts' mean on the same works, how many such shared works there were, and
 * the round's spread the offset is compared with. Versions computed before stay without them.
 */
export class CalibrationFigures1767100000000 implements MigrationInterface {
  name = 'CalibrationFigures1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE expert_calibrations
        ADD COLUMN IF NOT EXISTS offset_to_others double precision,
        ADD COLUMN IF NOT EXISTS shared_works int,
        ADD COLUMN IF NOT EXISTS round_spread double precision`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE expert_calibrations DROP COLUMN offset_to_others, DROP COLUMN shared_works, DROP COLUMN round_spread`);
  }
}
