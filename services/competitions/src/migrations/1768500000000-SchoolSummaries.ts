import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * School summaries (总结管理, issue 30): what an organiser asks its subordinate organisations to hand in, and one
 * hand-in per requirement and organisation (a new file replaces the last until it is accepted).
 */
export class SchoolSummaries1768500000000 implements MigrationInterface {
  name = 'SchoolSummaries1768500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE summary_requirements (
        id serial PRIMARY KEY,
        group_id int NOT NULL,
        competition_id int REFERENCES competitions(id) ON DELETE SET NULL,
        title varchar(100) NOT NULL,
        description varchar(2000) NOT NULL DEFAULT '',
        deadline timestamptz NOT NULL,
        template_key varchar(200),
        template_name varchar(200),
        template_size int,
        target_group_ids int[] NOT NULL CONSTRAINT summary_targets_ck CHECK (cardinality(target_group_ids) > 0),
        reminded_at timestamptz,
        created_by int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX summary_requirements_group_idx ON summary_requirements (group_id, created_at DESC) WHERE deleted_at IS NULL`);
    // A contact's tasks: requirements naming their organisation.
    await q.query(`CREATE INDEX summary_requirements_targets_idx ON summary_requirements USING gin (target_group_ids) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE summary_submissions (
        id serial PRIMARY KEY,
        requirement_id int NOT NULL REFERENCES summary_requirements(id) ON DELETE CASCADE,
        group_id int NOT NULL,
        file_key varchar(200) NOT NULL,
        file_name varchar(200) NOT NULL,
        file_size int NOT NULL,
        state varchar(16) NOT NULL DEFAULT 'submitted' CONSTRAINT summary_state_ck CHECK (state IN ('submitted', 'accepted', 'returned')),
        comment varchar(1000) NOT NULL DEFAULT '',
        attempts int NOT NULL DEFAULT 1,
        submitted_by int NOT NULL,
        submitted_by_name varchar(100) NOT NULL,
        submitted_at timestamptz NOT NULL DEFAULT now(),
        reviewed_by_name varchar(100),
        reviewed_at timestamptz,
        CONSTRAINT summary_submissions_uq UNIQUE (requirement_id, group_id)
      )`);
    await q.query(`CREATE INDEX summary_submissions_group_idx ON summary_submissions (group_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE summary_submissions`);
    await q.query(`DROP TABLE summary_requirements`);
  }
}
