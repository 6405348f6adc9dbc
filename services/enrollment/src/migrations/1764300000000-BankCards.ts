import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One bank card per person, for prize money. The number is kept only encrypted (AES-256-GCM, see
 * bank-card/card-number.ts) with its last four digits beside it for the masked view.
 */
export class BankCards1764300000000 implements MigrationInterface {
  name = 'BankCards1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE bank_cards (
        user_id int PRIMARY KEY,
        account_name varchar(50) NOT NULL,
        bank_name varchar(100) NOT NULL,
        branch varchar(100),
        card_cipher bytea NOT NULL,
        card_last4 char(4) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS bank_cards`);
  }
}
