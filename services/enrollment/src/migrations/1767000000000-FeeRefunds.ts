import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds (issue 15): a sign-up can be refunded in full (pay status 3); refunds received from the payment service are
 * recorded once each; and the enrollment outbox carries enrollment.signup.closed to the payment service.
 */
export class FeeRefunds1767000000000 implements MigrationInterface {
  name = 'FeeRefunds1767000000000';

  async up(q: QueryRunner): Promise<void> {
    const [check] = await q.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'signups'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%pay_status%'`,
    );
    if (check) await q.query(`ALTER TABLE signups DROP CONSTRAINT "${check.conname}"`);
    await q.query(`ALTER TABLE signups ADD CONSTRAINT signups_pay_status_check CHECK (pay_status IN (0, 1, 2, 3))`);
    await q.query(`
      CREATE TABLE refunds (
        refund_no varchar(64) PRIMARY KEY,
        order_id varchar(64) NOT NULL,
        signup_id bigint NOT NULL,
        amount_cents int NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The outbox, inlined: a migration imports nothing that can change after it landed.
    await q.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        subject varchar(200) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outbox, refunds`);
    await q.query(`ALTER TABLE signups DROP CONSTRAINT signups_pay_status_check`);
    await q.query(`ALTER TABLE signups ADD CONSTRAINT signups_pay_status_check CHECK (pay_status IN (0, 1, 2))`);
  }
}
