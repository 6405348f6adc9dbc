import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Published winners keep their score (issue 26), shown with rank and level when a batch is made from published
 * results. Winners kept before have none (null): the events they came from were acknowledged long ago.
 */
export class WinnerScore1767500000000 implements MigrationInterface {
  name = 'WinnerScore1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE published_winners ADD COLUMN score numeric(12, 4)`);
    await q.query(`CREATE INDEX published_winners_round_idx ON published_winners (round_id, rank)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX published_winners_round_idx`);
    await q.query(`ALTER TABLE published_winners DROP COLUMN score`);
  }
}
