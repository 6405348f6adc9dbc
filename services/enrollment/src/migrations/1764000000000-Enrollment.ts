import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-ups, their members, quotas, works and messages. Competition data (windows, events, quotas, fees)
 * belongs to the competitions service: rows here keep only the ids and the names shown in lists.
 */
export class Enrollment1764000000000 implements MigrationInterface {
  name = 'Enrollment1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signups (
        id bigserial PRIMARY KEY,
        competition_id int NOT NULL,
        item_id int NOT NULL,
        -- The competition's organisation: back-office scoping.
        group_id int NOT NULL,
        competition_name varchar(200) NOT NULL,
        item_name varchar(100) NOT NULL,
        type smallint NOT NULL CHECK (type IN (1, 2)),
        team_name varchar(60),
        captain_user_id int NOT NULL,
        school_id int,
        school_name varchar(100),
        status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
        pay_status smallint NOT NULL DEFAULT 0 CHECK (pay_status IN (0, 1, 2)),
        fee_cents int NOT NULL DEFAULT 0,
        member_count int NOT NULL DEFAULT 1 CHECK (member_count >= 0),
        teachers jsonb NOT NULL DEFAULT '[]',
        invite_code char(32) NOT NULL UNIQUE,
        reject_reason varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX signups_competition_idx ON signups (competition_id, item_id, status)`);
    await q.query(`CREATE INDEX signups_group_idx ON signups (group_id, id DESC)`);
    await q.query(`
      CREATE TABLE signup_members (
        id bigserial PRIMARY KEY,
        signup_id bigint NOT NULL REFERENCES signups(id) ON DELETE CASCADE,
        item_id int NOT NULL,
        user_id int NOT NULL,
        username varchar(64) NOT NULL,
        captain boolean NOT NULL DEFAULT false,
        profile jsonb NOT NULL DEFAULT '{}',
        active boolean NOT NULL DEFAULT true,
        joined_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One sign-up per person per event, whoever races: the database decides.
    await q.query(`CREATE UNIQUE INDEX signup_members_one_per_event ON signup_members (item_id, user_id) WHERE active`);
    await q.query(`CREATE INDEX signup_members_signup_idx ON signup_members (signup_id) WHERE active`);
    await q.query(`CREATE INDEX signup_members_user_idx ON signup_members (user_id) WHERE active`);
    // The quota of each event as last learned from the competitions service, and one row per place.
    // A sign-up claims any free place with SKIP LOCKED, so a rush spreads over many rows instead of
    // queueing behind one counter.
    await q.query(`CREATE TABLE event_quotas (item_id int PRIMARY KEY, competition_id int NOT NULL, quota int NOT NULL CHECK (quota >= 0))`);
    await q.query(`
      CREATE TABLE event_slots (
        item_id int NOT NULL,
        slot_no int NOT NULL,
        signup_id bigint REFERENCES signups(id) ON DELETE SET NULL,
        PRIMARY KEY (item_id, slot_no)
      )`);
    await q.query(`CREATE INDEX event_slots_free_idx ON event_slots (item_id, slot_no) WHERE signup_id IS NULL`);
    await q.query(`CREATE UNIQUE INDEX event_slots_signup_idx ON event_slots (signup_id) WHERE signup_id IS NOT NULL`);
    // Places used per school and event: a conditional upsert, serialised per school only.
    await q.query(`
      CREATE TABLE school_counts (
        item_id int NOT NULL,
        school_id int NOT NULL,
        used int NOT NULL CHECK (used >= 0),
        PRIMARY KEY (item_id, school_id)
      )`);
    await q.query(`CREATE TABLE profiles (user_id int PRIMARY KEY, profile jsonb NOT NULL DEFAULT '{}', updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`
      CREATE TABLE works (
        id bigserial PRIMARY KEY,
        signup_id bigint NOT NULL UNIQUE REFERENCES signups(id) ON DELETE CASCADE,
        competition_id int NOT NULL,
        item_id int NOT NULL,
        group_id int NOT NULL,
        title varchar(200) NOT NULL,
        summary text NOT NULL DEFAULT '',
        status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
        share_id char(32) NOT NULL UNIQUE,
        file_count int NOT NULL DEFAULT 0 CHECK (file_count >= 0),
        submitted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX works_group_idx ON works (group_id, competition_id, id DESC)`);
    await q.query(`
      CREATE TABLE work_files (
        id bigserial PRIMARY KEY,
        work_id bigint NOT NULL REFERENCES works(id) ON DELETE CASCADE,
        stored_name varchar(64) NOT NULL,
        original_name varchar(200) NOT NULL,
        size int NOT NULL,
        content_type varchar(100) NOT NULL,
        ext varchar(8) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX work_files_work_idx ON work_files (work_id)`);
    await q.query(`CREATE TABLE work_publications (competition_id int PRIMARY KEY, group_id int NOT NULL, published boolean NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
    // payment.order.paid events already handled: a redelivered event finds its order here and changes nothing.
    await q.query(`
      CREATE TABLE payments (
        order_id varchar(64) PRIMARY KEY,
        signup_id bigint NOT NULL,
        amount_cents int NOT NULL,
        paid_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE messages (
        id bigserial PRIMARY KEY,
        user_id int NOT NULL,
        title_zh varchar(300) NOT NULL,
        title_en varchar(300) NOT NULL,
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX messages_user_idx ON messages (user_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['messages', 'payments', 'work_publications', 'work_files', 'works', 'profiles', 'school_counts', 'event_slots', 'event_quotas', 'signup_members', 'signups']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
