import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Final scores (issue 16): each calculation of a round is a version with its parameters, inputs' checksum and results. */
export class ScoreVersions1766400000000 implements MigrationInterface {
  name = 'ScoreVersions1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE score_versions (
        id serial PRIMARY KEY,
        round_id int NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        number int NOT NULL,
        params jsonb NOT NULL,
        checksum char(64) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'queued',
        progress int NOT NULL DEFAULT 0,
        missing_count int NOT NULL DEFAULT 0,
        work_count int NOT NULL DEFAULT 0,
        error text NOT NULL DEFAULT '',
        created_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        published_at timestamptz,
        UNIQUE (round_id, number),
        CONSTRAINT score_versions_status CHECK (status IN ('queued', 'running', 'done', 'failed'))
      )`);
    // One pending calculation per round and inputs: a second request joins it.
    await q.query(`CREATE UNIQUE INDEX score_versions_pending ON score_versions (round_id, checksum) WHERE status IN ('queued', 'running')`);
    await q.query(`
      CREATE TABLE work_results (
        version_id int NOT NULL REFERENCES score_versions(id) ON DELETE CASCADE,
        work_id int NOT NULL,
        score numeric(8, 2) NOT NULL,
        raw_mean numeric(8, 2) NOT NULL,
        count int NOT NULL,
        range numeric(8, 2) NOT NULL,
        disputed boolean NOT NULL DEFAULT false,
        experts jsonb NOT NULL DEFAULT '[]',
        PRIMARY KEY (version_id, work_id)
      )`);
    await q.query(`
      CREATE TABLE expert_calibrations (
        version_id int NOT NULL REFERENCES score_versions(id) ON DELETE CASCADE,
        expert_id int NOT NULL,
        count int NOT NULL,
        mean double precision NOT NULL,
        spread double precision NOT NULL,
        shrunk_mean double precision NOT NULL,
        shrunk_spread double precision NOT NULL,
        outlier boolean NOT NULL DEFAULT false,
        PRIMARY KEY (version_id, expert_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE expert_calibrations`);
    await q.query(`DROP TABLE work_results`);
    await q.query(`DROP TABLE score_versions`);
  }
}
