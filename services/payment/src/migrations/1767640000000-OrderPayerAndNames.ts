import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What finance's lists and exports show of an order beside the Chinese names: the competition's and event's English
 * names, the payer's login account and the sign-up's school, copied from the sign-up when the order (or offline
 * payment) is made, as the names are. Rows made before keep '' and show the Chinese name, the payer's name only.
 */
export class OrderPayerAndNames1767640000000 implements MigrationInterface {
  name = 'OrderPayerAndNames1767640000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN competition_name_en varchar(200) NOT NULL DEFAULT '', ADD COLUMN item_name_en varchar(200) NOT NULL DEFAULT '',
      ADD COLUMN payer_account varchar(64) NOT NULL DEFAULT '', ADD COLUMN payer_school varchar(200) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE offline_payments ADD COLUMN competition_name_en varchar(200) NOT NULL DEFAULT '', ADD COLUMN item_name_en varchar(200) NOT NULL DEFAULT ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE offline_payments DROP COLUMN competition_name_en, DROP COLUMN item_name_en`);
    await q.query(`ALTER TABLE orders DROP COLUMN competition_name_en, DROP COLUMN item_name_en, DROP COLUMN payer_account, DROP COLUMN payer_school`);
  }
}
