import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How experts come in: recruitment calls and their public applications (with a CV), recommendations from a
 * subordinate organisation to its parent, and on the expert profile the account name (for lists and login
 * slips) and, for temporary experts, the competition they were made for.
 */
export class ExpertIntake1766100000000 implements MigrationInterface {
  name = 'ExpertIntake1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE experts ADD COLUMN username varchar(32) NOT NULL DEFAULT '', ADD COLUMN competition_id int`);
    await q.query(`CREATE INDEX experts_competition ON experts (competition_id) WHERE competition_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE expert_calls (
        id serial PRIMARY KEY,
        group_id int NOT NULL,
        title varchar(100) NOT NULL,
        description text NOT NULL DEFAULT '',
        closes_at timestamptz NOT NULL,
        status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX expert_calls_group ON expert_calls (group_id)`);
    await q.query(`
      CREATE TABLE expert_applications (
        id serial PRIMARY KEY,
        call_id int NOT NULL REFERENCES expert_calls(id) ON DELETE CASCADE,
        group_id int NOT NULL,
        name varchar(50) NOT NULL,
        title varchar(50) NOT NULL DEFAULT '',
        unit varchar(100) NOT NULL DEFAULT '',
        phone varchar(20) NOT NULL,
        email varchar(100) NOT NULL DEFAULT '',
        subjects text[] NOT NULL DEFAULT '{}',
        keywords text[] NOT NULL DEFAULT '{}',
        cv_key varchar(100) NOT NULL,
        cv_name varchar(200) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        expert_id int REFERENCES experts(id),
        review_note varchar(300) NOT NULL DEFAULT '',
        decided_by int,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (call_id, phone)
      )`);
    await q.query(`
      CREATE TABLE expert_recommendations (
        id serial PRIMARY KEY,
        expert_id int NOT NULL REFERENCES experts(id),
        from_group_id int NOT NULL,
        from_group_name varchar(100) NOT NULL DEFAULT '',
        to_group_id int NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
        note varchar(300) NOT NULL DEFAULT '',
        decision_note varchar(300) NOT NULL DEFAULT '',
        accepted_expert_id int REFERENCES experts(id),
        created_by int,
        decided_by int,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One open recommendation of an expert to an organisation at a time.
    await q.query(`CREATE UNIQUE INDEX expert_recommendations_pending ON expert_recommendations (expert_id, to_group_id) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX expert_recommendations_to ON expert_recommendations (to_group_id, status)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE expert_recommendations`);
    await q.query(`DROP TABLE expert_applications`);
    await q.query(`DROP TABLE expert_calls`);
    await q.query(`ALTER TABLE experts DROP COLUMN competition_id, DROP COLUMN username`);
  }
}
