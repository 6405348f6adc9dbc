import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The built-in finance role (财务人员) reads the organisation's competitions and events (the finance lists' filters).
 * Its first migration (FinanceRole1767000000000) landed without that permission and was later edited to add it, so
 * databases that ran the first version never got it: this adds it to them and changes nothing where it is present.
 */
export class FinanceRoleReadsCompetitions1767500000000 implements MigrationInterface {
  name = 'FinanceRoleReadsCompetitions1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE roles SET permissions = ARRAY(SELECT DISTINCT unnest(permissions || '{competition:info:list}'::text[]) ORDER BY 1)
       WHERE key = 'finance' AND builtin AND NOT ('competition:info:list' = ANY(permissions))`,
    );
  }

  async down(): Promise<void> {
    // Nothing: the permission belongs to the finance role whichever migration gave it.
  }
}
