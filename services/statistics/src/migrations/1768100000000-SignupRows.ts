import type { MigrationInterface, QueryRunner } from 'typeorm';

/** 数据预览 pages through one competition's sign-ups newest first; provinces are looked up by code. */
export class SignupRows1768100000000 implements MigrationInterface {
  name = 'SignupRows1768100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX signups_competition ON signups (competition_id, id)`);
    await q.query(`CREATE INDEX schools_province ON schools (province_code)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX schools_province, signups_competition`);
  }
}
