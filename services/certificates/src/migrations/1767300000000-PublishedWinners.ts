import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Published winners (issue 16): each awarded sign-up of a published review round, offered in the winners picker. */
export class PublishedWinners1767300000000 implements MigrationInterface {
  name = 'PublishedWinners1767300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE published_winners (
        round_id int NOT NULL,
        signup_id bigint NOT NULL,
        competition_id int NOT NULL,
        round_name varchar(200) NOT NULL,
        level varchar(50) NOT NULL,
        rank int NOT NULL,
        published_at timestamptz NOT NULL,
        PRIMARY KEY (round_id, signup_id)
      )`);
    await q.query(`CREATE INDEX published_winners_competition_idx ON published_winners (competition_id, published_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE published_winners`);
  }
}
