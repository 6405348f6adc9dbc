import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Promotion (issue 16): each sign-up's outcome of a review round (晋级 or not), recorded once per round. */
export class Promotions1767100000000 implements MigrationInterface {
  name = 'Promotions1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signup_rounds (
        signup_id bigint NOT NULL REFERENCES signups(id) ON DELETE CASCADE,
        round_id int NOT NULL,
        round_name varchar(200) NOT NULL,
        promoted boolean NOT NULL,
        decided_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (signup_id, round_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE signup_rounds`);
  }
}
