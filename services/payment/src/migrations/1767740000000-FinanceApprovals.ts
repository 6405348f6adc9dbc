import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26 (item 25): refunds above an organisation's approval amount wait for a second finance person, and every
 * money action keeps the person's real name beside the account: refunds, offline payments, orders closed by hand,
 * reconciliation runs and the differences applied from them. Rows written before keep their account only.
 */
export class FinanceApprovals1767740000000 implements MigrationInterface {
  name = 'FinanceApprovals1767740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE finance_settings (
        group_id int PRIMARY KEY,
        refund_approval_fen int NOT NULL CHECK (refund_approval_fen >= 0),
        updated_by varchar(64) NOT NULL,
        updated_by_name varchar(50) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE refunds DROP CONSTRAINT refunds_status_check`);
    await q.query(`ALTER TABLE refunds ALTER COLUMN status TYPE varchar(20)`);
    await q.query(`ALTER TABLE refunds ADD CONSTRAINT refunds_status_check CHECK (status IN ('awaitingApproval', 'pending', 'succeeded', 'failed', 'rejected'))`);
    await q.query(`
      ALTER TABLE refunds
        ADD COLUMN requested_by_id int,
        ADD COLUMN requested_by_name varchar(50),
        ADD COLUMN decided_by varchar(64),
        ADD COLUMN decided_by_name varchar(50),
        ADD COLUMN decision_note varchar(200),
        ADD COLUMN decided_at timestamptz`);
    await q.query(`CREATE INDEX refunds_awaiting ON refunds (id) WHERE status = 'awaitingApproval'`);
    await q.query(`ALTER TABLE offline_payments ADD COLUMN requested_by_name varchar(50), ADD COLUMN decided_by_name varchar(50)`);
    await q.query(`ALTER TABLE orders ADD COLUMN closed_by varchar(64), ADD COLUMN closed_by_name varchar(50)`);
    await q.query(`ALTER TABLE recon_runs ADD COLUMN created_by_name varchar(50)`);
    await q.query(`ALTER TABLE recon_items ADD COLUMN resolved_by_name varchar(50)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE recon_items DROP COLUMN resolved_by_name`);
    await q.query(`ALTER TABLE recon_runs DROP COLUMN created_by_name`);
    await q.query(`ALTER TABLE orders DROP COLUMN closed_by, DROP COLUMN closed_by_name`);
    await q.query(`ALTER TABLE offline_payments DROP COLUMN requested_by_name, DROP COLUMN decided_by_name`);
    await q.query(`DROP INDEX refunds_awaiting`);
    await q.query(`
      ALTER TABLE refunds DROP COLUMN requested_by_id, DROP COLUMN requested_by_name, DROP COLUMN decided_by, DROP COLUMN decided_by_name,
        DROP COLUMN decision_note, DROP COLUMN decided_at`);
    await q.query(`DELETE FROM refunds WHERE status IN ('awaitingApproval', 'rejected')`);
    await q.query(`ALTER TABLE refunds DROP CONSTRAINT refunds_status_check`);
    await q.query(`ALTER TABLE refunds ALTER COLUMN status TYPE varchar(10)`);
    await q.query(`ALTER TABLE refunds ADD CONSTRAINT refunds_status_check CHECK (status IN ('pending', 'succeeded', 'failed'))`);
    await q.query(`DROP TABLE finance_settings`);
  }
}
