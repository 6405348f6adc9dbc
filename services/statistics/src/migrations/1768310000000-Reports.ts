import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 数据报告 (issue 29): a competition's report in one language, queued by a request and rendered to PDF by the
 * statistics worker, which stores the file (storage_key) and says how far it is (progress, 0–100).
 */
export class Reports1768310000000 implements MigrationInterface {
  name = 'Reports1768310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reports (
        id serial PRIMARY KEY,
        competition_id int NOT NULL,
        group_id int NOT NULL,
        competition_name varchar(200) NOT NULL,
        organisation_name varchar(200) NOT NULL,
        lang varchar(5) NOT NULL CHECK (lang IN ('zh-CN', 'en')),
        status smallint NOT NULL DEFAULT 0,
        progress smallint NOT NULL DEFAULT 0,
        error varchar(500),
        storage_key varchar(300),
        size_bytes int,
        created_by int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX reports_group ON reports (group_id, id DESC)`);
    await q.query(`CREATE INDEX reports_competition ON reports (competition_id, id DESC)`);
    // One report of a competition in a language in the making at a time: asking again (a double click) joins it.
    await q.query(`CREATE UNIQUE INDEX reports_in_making ON reports (competition_id, lang) WHERE status IN (0, 1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reports`);
  }
}
