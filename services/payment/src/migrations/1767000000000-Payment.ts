import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Payment (issue 15): orders, every callback as received, refunds with their own request numbers, the outbox. */
export class Payment1767000000000 implements MigrationInterface {
  name = 'Payment1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders (
        id bigserial PRIMARY KEY,
        order_no varchar(32) NOT NULL UNIQUE,
        group_id int NOT NULL,
        signup_id int NOT NULL,
        competition_id int NOT NULL,
        competition_name varchar(200) NOT NULL,
        item_id int NOT NULL,
        item_name varchar(200) NOT NULL,
        payer_user_id int NOT NULL,
        payer_name varchar(100) NOT NULL,
        amount_fen int NOT NULL CHECK (amount_fen > 0),
        refunded_fen int NOT NULL DEFAULT 0 CHECK (refunded_fen >= 0 AND refunded_fen <= amount_fen),
        status varchar(16) NOT NULL DEFAULT 'unpaid'
          CHECK (status IN ('unpaid', 'paid', 'closed', 'refunding', 'refunded', 'partlyRefunded')),
        channel varchar(8),
        trade_no varchar(64) UNIQUE,
        buyer_logon_id varchar(100),
        paid_at timestamptz,
        expires_at timestamptz NOT NULL,
        closed_at timestamptz,
        close_reason varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // At most one open order per sign-up: two "pay" clicks at once make one order.
    await q.query(`CREATE UNIQUE INDEX orders_one_open ON orders (signup_id) WHERE status = 'unpaid'`);
    await q.query(`CREATE INDEX orders_group_created ON orders (group_id, created_at DESC)`);
    await q.query(`CREATE INDEX orders_expiring ON orders (expires_at) WHERE status = 'unpaid'`);
    await q.query(`
      CREATE TABLE callbacks (
        id bigserial PRIMARY KEY,
        order_id bigint REFERENCES orders(id),
        order_no varchar(64),
        trade_no varchar(64),
        trade_status varchar(32),
        source varchar(8) NOT NULL,
        verdict varchar(16) NOT NULL,
        raw jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX callbacks_order ON callbacks (order_id, id)`);
    await q.query(`
      CREATE TABLE refunds (
        id bigserial PRIMARY KEY,
        refund_no varchar(32) NOT NULL UNIQUE,
        order_id bigint NOT NULL REFERENCES orders(id),
        amount_fen int NOT NULL CHECK (amount_fen > 0),
        reason varchar(200) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        last_error varchar(500),
        requested_by varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX refunds_order ON refunds (order_id)`);
    await q.query(`CREATE INDEX refunds_pending ON refunds (id) WHERE status = 'pending'`);
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
    await q.query(`DROP TABLE outbox, refunds, callbacks, orders`);
  }
}
