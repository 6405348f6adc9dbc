import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Awards (issue 16): a round's confirmed award levels, once per round, and each awarded work's level. */
export class Awards1766600000000 implements MigrationInterface {
  name = 'Awards1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE award_sets (
        round_id int PRIMARY KEY REFERENCES rounds(id) ON DELETE CASCADE,
        version_id int NOT NULL REFERENCES score_versions(id),
        levels jsonb NOT NULL,
        confirmed_by varchar(64) NOT NULL,
        confirmed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE work_awards (
        round_id int NOT NULL REFERENCES award_sets(round_id) ON DELETE CASCADE,
        work_id int NOT NULL,
        level varchar(50) NOT NULL,
        rank int NOT NULL,
        PRIMARY KEY (round_id, work_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE work_awards, award_sets`);
  }
}
