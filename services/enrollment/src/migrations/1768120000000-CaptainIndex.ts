import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-up fact (view signup_facts, read by the triggers for every fact) looks the captain up by sign-up whether
 * the row is active or not; the only index on signup_id is partial (WHERE active), so every fact scanned the whole
 * table (15 ms a sign-up at 20,000 members, growing with it; `npm run bench -- statistics`).
 */
export class CaptainIndex1768120000000 implements MigrationInterface {
  name = 'CaptainIndex1768120000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS signup_members_captain ON signup_members (signup_id) WHERE captain`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX signup_members_captain`);
  }
}
