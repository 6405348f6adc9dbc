import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An offline payment that can no longer apply (the fee was paid online meanwhile, the sign-up ended) is closed with
 * the reason, instead of waiting for an approval that would fail.
 */
export class OfflineClosed1767600000000 implements MigrationInterface {
  name = 'OfflineClosed1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE offline_payments DROP CONSTRAINT offline_payments_status_check`);
    await q.query(`ALTER TABLE offline_payments ADD CONSTRAINT offline_payments_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'closed'))`);
    await q.query(`ALTER TABLE offline_payments ADD COLUMN close_reason varchar(32)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE offline_payments DROP COLUMN close_reason`);
    await q.query(`DELETE FROM offline_payments WHERE status = 'closed'`);
    await q.query(`ALTER TABLE offline_payments DROP CONSTRAINT offline_payments_status_check`);
    await q.query(`ALTER TABLE offline_payments ADD CONSTRAINT offline_payments_status_check CHECK (status IN ('pending', 'approved', 'rejected'))`);
  }
}
