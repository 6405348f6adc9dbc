import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Offline payments (线下缴费): recorded with a voucher by one finance account, approved or rejected by another. */
export class OfflinePayments1767200000000 implements MigrationInterface {
  name = 'OfflinePayments1767200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE offline_payments (
        id bigserial PRIMARY KEY,
        group_id int NOT NULL,
        signup_id int NOT NULL,
        competition_id int NOT NULL,
        competition_name varchar(200) NOT NULL,
        item_id int NOT NULL,
        item_name varchar(200) NOT NULL,
        payer_name varchar(100) NOT NULL,
        amount_fen int NOT NULL CHECK (amount_fen > 0),
        reason varchar(200) NOT NULL,
        voucher_key varchar(64) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        requested_by varchar(64) NOT NULL,
        requested_by_id int NOT NULL,
        decided_by varchar(64),
        decision_note varchar(200),
        order_id bigint REFERENCES orders(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz
      )`);
    // One waiting record per sign-up: two clerks recording the same transfer make one.
    await q.query(`CREATE UNIQUE INDEX offline_one_pending ON offline_payments (signup_id) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX offline_group_created ON offline_payments (group_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE offline_payments`);
  }
}
