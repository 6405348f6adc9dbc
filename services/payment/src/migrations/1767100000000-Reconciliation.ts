import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reconciliation (对账) against Alipay's daily trade bill: each run with its items. The merchant account is the
 * platform's, so a run covers every organisation; an item carries its order's organisation for scoping.
 */
export class Reconciliation1767100000000 implements MigrationInterface {
  name = 'Reconciliation1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE recon_runs (
        id bigserial PRIMARY KEY,
        bill_day date NOT NULL,
        source varchar(8) NOT NULL CHECK (source IN ('upload', 'download')),
        file_name varchar(200) NOT NULL DEFAULT '',
        bill_rows int NOT NULL,
        created_by varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX recon_runs_day ON recon_runs (bill_day DESC, id DESC)`);
    await q.query(`
      CREATE TABLE recon_items (
        id bigserial PRIMARY KEY,
        run_id bigint NOT NULL REFERENCES recon_runs(id) ON DELETE CASCADE,
        side varchar(8) NOT NULL CHECK (side IN ('trade', 'refund')),
        kind varchar(16) NOT NULL CHECK (kind IN ('matched', 'amountDiff', 'alipayOnly', 'platformOnly')),
        order_id bigint REFERENCES orders(id),
        group_id int,
        order_no varchar(64) NOT NULL DEFAULT '',
        trade_no varchar(64) NOT NULL DEFAULT '',
        request_no varchar(64) NOT NULL DEFAULT '',
        alipay_fen int,
        platform_fen int,
        platform_status varchar(16),
        resolution varchar(200),
        resolved_by varchar(64),
        resolved_at timestamptz
      )`);
    await q.query(`CREATE INDEX recon_items_run ON recon_items (run_id, kind, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE recon_items, recon_runs`);
  }
}
