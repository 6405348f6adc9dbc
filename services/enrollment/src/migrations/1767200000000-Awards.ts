import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Published awards (issue 16): each sign-up's award of a review round, kept once per round for /center/reward. */
export class Awards1767200000000 implements MigrationInterface {
  name = 'Awards1767200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signup_awards (
        signup_id bigint NOT NULL REFERENCES signups(id) ON DELETE CASCADE,
        round_id int NOT NULL,
        round_name varchar(200) NOT NULL,
        work_id bigint NOT NULL,
        level varchar(50) NOT NULL,
        rank int NOT NULL,
        published_at timestamptz NOT NULL,
        appeal_until timestamptz NOT NULL,
        PRIMARY KEY (signup_id, round_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE signup_awards`);
  }
}
