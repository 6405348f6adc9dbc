import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-up fact triggers' functions named the sequence, view and outbox unqualified, so a change made from a
 * session with another search_path (an operator's psql, a script) failed with "relation does not exist". They now
 * resolve names in this schema whoever fires them.
 */
export class FactFunctionsPath1768100000000 implements MigrationInterface {
  name = 'FactFunctionsPath1768100000000';

  async up(q: QueryRunner): Promise<void> {
    for (const fn of ['signup_fact_version', 'signup_fact_publish', 'signup_member_fact']) await q.query(`ALTER FUNCTION ${fn}() SET search_path FROM CURRENT`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const fn of ['signup_fact_version', 'signup_fact_publish', 'signup_member_fact']) await q.query(`ALTER FUNCTION ${fn}() RESET search_path`);
  }
}
