import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money has one name: an amount in fen is `…_fen` (payment's columns always were). Each rename is guarded, so a
 * database where it already happened is left as it is. No function or view of the schema names the column.
 */
export class MoneyInFen1767400000000 implements MigrationInterface {
  name = 'MoneyInFen1767400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM information_schema.columns
                   WHERE table_schema = current_schema() AND table_name = 'competition_items' AND column_name = 'fee_cents') THEN
          ALTER TABLE competition_items RENAME COLUMN fee_cents TO fee_fen;
        END IF;
        IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'competition_items'::regclass AND conname = 'competition_items_fee_cents_check') THEN
          ALTER TABLE competition_items RENAME CONSTRAINT competition_items_fee_cents_check TO competition_items_fee_fen_check;
        END IF;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE competition_items RENAME CONSTRAINT competition_items_fee_fen_check TO competition_items_fee_cents_check`);
    await q.query(`ALTER TABLE competition_items RENAME COLUMN fee_fen TO fee_cents`);
  }
}
