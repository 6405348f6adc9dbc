import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statistics read model (issue 29): each sign-up's fact as last applied (its version decides what is newer), the
 * counts the figures read (sign-ups that count, per competition, dimension and key), each competition's organisation
 * (scoping), the schools' names and provinces (asked of the competitions service once per school), and the model's state.
 */
export class Statistics1768000000000 implements MigrationInterface {
  name = 'Statistics1768000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signups (
        id bigint PRIMARY KEY,
        competition_id int NOT NULL,
        group_id int NOT NULL,
        item_id int NOT NULL,
        item_name varchar(100) NOT NULL,
        item_name_en varchar(200) NOT NULL,
        school_id int,
        school_name varchar(100),
        college varchar(100),
        major varchar(100),
        grade varchar(50),
        status smallint NOT NULL,
        pay_status smallint NOT NULL,
        fee_fen int NOT NULL,
        created_at timestamptz NOT NULL,
        work_submitted_at timestamptz,
        version bigint NOT NULL
      )`);
    await q.query(`
      CREATE TABLE signup_counts (
        competition_id int NOT NULL,
        dimension varchar(10) NOT NULL,
        key varchar(100) NOT NULL,
        label varchar(200) NOT NULL,
        label_en varchar(200) NOT NULL,
        count int NOT NULL,
        PRIMARY KEY (competition_id, dimension, key)
      )`);
    await q.query(`CREATE TABLE competitions (id int PRIMARY KEY, group_id int NOT NULL)`);
    await q.query(`CREATE INDEX competitions_group ON competitions (group_id)`);
    await q.query(`
      CREATE TABLE schools (
        id int PRIMARY KEY,
        name varchar(200) NOT NULL,
        name_en varchar(200) NOT NULL,
        province_code varchar(12) NOT NULL,
        province_name varchar(50) NOT NULL,
        province_name_en varchar(100) NOT NULL
      )`);
    // signup_epoch: the enrollment database the sign-ups come from (facts of another are not applied).
    await q.query(`CREATE TABLE model_state (id smallint PRIMARY KEY CHECK (id = 1), applied_at timestamptz, rebuilt_at timestamptz, signup_epoch uuid)`);
    await q.query(`INSERT INTO model_state (id) VALUES (1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE model_state, schools, competitions, signup_counts, signups`);
  }
}
