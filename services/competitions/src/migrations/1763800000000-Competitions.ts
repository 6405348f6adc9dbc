import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Competitions1763800000000 implements MigrationInterface {
  name = 'Competitions1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE competitions (
        id serial PRIMARY KEY,
        group_id int NOT NULL,
        name varchar(100) NOT NULL,
        name_en varchar(200) NOT NULL DEFAULT '',
        level varchar(32) NOT NULL DEFAULT '',
        year smallint NOT NULL,
        cover_url varchar(500) NOT NULL DEFAULT '',
        summary varchar(500) NOT NULL DEFAULT '',
        intro text NOT NULL DEFAULT '',
        guide text NOT NULL DEFAULT '',
        status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
        published_at timestamptz,
        enroll_start_at timestamptz,
        enroll_end_at timestamptz CHECK (enroll_end_at > enroll_start_at),
        mode smallint NOT NULL DEFAULT 1 CHECK (mode IN (1, 2, 3)),
        team_min smallint NOT NULL DEFAULT 1 CHECK (team_min >= 1),
        team_max smallint NOT NULL DEFAULT 1 CHECK (team_max >= team_min),
        teacher_max smallint NOT NULL DEFAULT 0 CHECK (teacher_max >= 0),
        school_quota int CHECK (school_quota >= 0),
        required_fields text[] NOT NULL DEFAULT '{realName,phone,school}',
        submit_start_at timestamptz,
        submit_end_at timestamptz CHECK (submit_end_at > submit_start_at),
        review_rounds jsonb NOT NULL DEFAULT '[]',
        created_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX competitions_group_status ON competitions (group_id, status, id DESC)`);
    await q.query(`
      CREATE TABLE competition_items (
        id serial PRIMARY KEY,
        competition_id int NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        name_en varchar(200) NOT NULL DEFAULT '',
        description varchar(1000) NOT NULL DEFAULT '',
        quota int CHECK (quota >= 0),
        fee_cents int NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
        file_types text[] NOT NULL DEFAULT '{pdf}',
        max_file_mb int NOT NULL DEFAULT 50 CHECK (max_file_mb > 0),
        max_files smallint NOT NULL DEFAULT 3 CHECK (max_files > 0),
        order_num int NOT NULL DEFAULT 0,
        UNIQUE (competition_id, name)
      )`);
    await q.query(`
      CREATE TABLE competition_stages (
        id serial PRIMARY KEY,
        competition_id int NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        name_en varchar(200) NOT NULL DEFAULT '',
        description varchar(1000) NOT NULL DEFAULT '',
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL CHECK (end_at > start_at),
        order_num int NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX competition_stages_competition ON competition_stages (competition_id, order_num)`);
    await q.query(`CREATE INDEX competition_items_competition ON competition_items (competition_id, order_num)`);
    await q.query(`
      CREATE TABLE competition_school_quotas (
        competition_id int NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
        school_id int NOT NULL,
        quota int NOT NULL CHECK (quota >= 0),
        PRIMARY KEY (competition_id, school_id)
      )`);
    // Events written in the same transaction as the change they describe; a relay publishes them to JetStream.
    await q.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        subject varchar(200) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['outbox', 'competition_school_quotas', 'competition_stages', 'competition_items', 'competitions']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
