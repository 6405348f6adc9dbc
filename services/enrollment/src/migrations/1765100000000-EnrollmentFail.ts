import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * enrollment_fail(key) aborts the statement it is called from with a message key: a sign-up is one statement,
 * and a rule found broken half-way rolls all of it back. It was once added to the first migration after that
 * had been merged; OR REPLACE makes this a no-op where that edited version ran.
 */
export class EnrollmentFail1765100000000 implements MigrationInterface {
  name = 'EnrollmentFail1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION enrollment_fail(key text) RETURNS int LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = key;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS enrollment_fail(text)`);
  }
}
