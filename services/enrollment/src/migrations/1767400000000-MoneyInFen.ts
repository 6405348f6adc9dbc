import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each column in cents renamed to its name in fen. */
const RENAMES = [
  ['signups', 'fee_cents', 'fee_fen'],
  ['payments', 'amount_cents', 'amount_fen'],
  ['refunds', 'amount_cents', 'amount_fen'],
];

/**
 * Money has one name: an amount in fen is `…_fen` (payment's columns always were). Each rename is guarded, so a
 * database where it already happened is left as it is. No function or view of the schema names these columns
 * (enrollment_fail takes only a message key), so none needs recreating.
 */
export class MoneyInFen1767400000000 implements MigrationInterface {
  name = 'MoneyInFen1767400000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, from, to] of RENAMES) {
      await q.query(`
        DO $$ BEGIN
          IF EXISTS (SELECT 1 FROM information_schema.columns
                     WHERE table_schema = current_schema() AND table_name = '${table}' AND column_name = '${from}') THEN
            ALTER TABLE ${table} RENAME COLUMN ${from} TO ${to};
          END IF;
        END $$`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, from, to] of RENAMES) await q.query(`ALTER TABLE ${table} RENAME COLUMN ${to} TO ${from}`);
  }
}
