import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fees in the read model (issue 29): each paid order's fact as last applied, and per competition and Beijing day the
 * payments made and the refunds that went through (how many, how much). order_epoch: the payment database the
 * orders come from.
 */
export class Fees1768200000000 implements MigrationInterface {
  name = 'Fees1768200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders (
        id bigint PRIMARY KEY,
        competition_id int NOT NULL,
        group_id int NOT NULL,
        amount_fen int NOT NULL,
        channel varchar(16),
        paid_at timestamptz NOT NULL,
        refunds jsonb NOT NULL,
        version bigint NOT NULL
      )`);
    await q.query(`
      CREATE TABLE fee_counts (
        competition_id int NOT NULL,
        dimension varchar(10) NOT NULL,
        day char(10) NOT NULL,
        count int NOT NULL,
        fen bigint NOT NULL,
        PRIMARY KEY (competition_id, dimension, day)
      )`);
    await q.query(`ALTER TABLE model_state ADD COLUMN order_epoch uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE model_state DROP COLUMN order_epoch`);
    await q.query(`DROP TABLE fee_counts, orders`);
  }
}
