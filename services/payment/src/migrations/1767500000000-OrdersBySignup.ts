import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders indexed by sign-up (the notification statement and the refunds job look orders up by sign-up). The index was
 * added to Payment1767000000000 after it had landed, so databases that ran its first version lack it.
 */
export class OrdersBySignup1767500000000 implements MigrationInterface {
  name = 'OrdersBySignup1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS orders_signup ON orders (signup_id)`);
  }

  async down(): Promise<void> {
    // Nothing: databases that ran the edited Payment1767000000000 had the index before this migration.
  }
}
