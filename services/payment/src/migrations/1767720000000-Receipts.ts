import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Receipts (收据) of paid fees (issue 26): one number per order, drawn from a sequence the first time the receipt is
 * asked for and kept, so a receipt printed again has the same number and no number is ever given twice. Finance's
 * totals read orders by the day they were paid.
 */
export class Receipts1767720000000 implements MigrationInterface {
  name = 'Receipts1767720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE receipt_no_seq`);
    await q.query(`
      CREATE TABLE receipts (
        order_id bigint PRIMARY KEY REFERENCES orders(id),
        receipt_no varchar(32) NOT NULL UNIQUE,
        issued_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX orders_group_paid ON orders (group_id, paid_at) WHERE paid_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_group_paid`);
    await q.query(`DROP TABLE receipts`);
    await q.query(`DROP SEQUENCE receipt_no_seq`);
  }
}
