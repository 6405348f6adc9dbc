import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Publication, appeals and public voting (issue 16): a round's results published once (opening the appeal window),
 * appeals once per work and round, voting windows per round and votes once per account, work and Beijing day.
 */
export class Publication1766700000000 implements MigrationInterface {
  name = 'Publication1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE round_works ADD COLUMN signup_id int`);
    await q.query(`
      CREATE TABLE publications (
        round_id int PRIMARY KEY REFERENCES award_sets(round_id) ON DELETE CASCADE,
        version_id int NOT NULL REFERENCES score_versions(id),
        published_by varchar(64) NOT NULL,
        published_at timestamptz NOT NULL DEFAULT now(),
        appeal_until timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE appeals (
        id serial PRIMARY KEY,
        round_id int NOT NULL REFERENCES publications(round_id) ON DELETE CASCADE,
        work_id int NOT NULL,
        user_id int NOT NULL,
        appellant_name varchar(64) NOT NULL,
        reason varchar(1000) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending',
        reply varchar(1000) NOT NULL DEFAULT '',
        old_score numeric(7, 3),
        new_score numeric(7, 3),
        outcome_version_id int REFERENCES score_versions(id),
        handled_by varchar(64),
        handled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (round_id, work_id)
      )`);
    await q.query(`CREATE INDEX appeals_status_idx ON appeals (round_id, status)`);
    await q.query(`
      CREATE TABLE vote_windows (
        id serial PRIMARY KEY,
        round_id int NOT NULL UNIQUE REFERENCES rounds(id) ON DELETE CASCADE,
        opens_at timestamptz NOT NULL,
        closes_at timestamptz NOT NULL CHECK (closes_at > opens_at),
        daily_limit int NOT NULL CHECK (daily_limit > 0),
        created_by varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A vote's day is the Beijing date; "late" marks accounts created after the window opened (counted apart).
    await q.query(`
      CREATE TABLE votes (
        window_id int NOT NULL REFERENCES vote_windows(id) ON DELETE CASCADE,
        work_id int NOT NULL,
        user_id int NOT NULL,
        day date NOT NULL,
        late boolean NOT NULL,
        address varchar(64) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (window_id, work_id, user_id, day)
      )`);
    await q.query(`CREATE INDEX votes_user_day_idx ON votes (window_id, user_id, day)`);
    // One vote in one statement (one round trip): the window must be open and hold the work; an account's votes
    // in a window are serialised by an advisory lock so the daily limit holds under concurrency, and the primary
    // key counts a work once per account and day. Outcomes: counted, already, dailyLimit, notOpen, workNotFound, notFound.
    await q.query(`
      CREATE FUNCTION cast_vote(p_window int, p_work int, p_user int, p_account_created timestamptz, p_address text, OUT outcome text, OUT votes int)
      LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      DECLARE
        w vote_windows%ROWTYPE;
        today date := (now() AT TIME ZONE 'Asia/Shanghai')::date;
        used int;
      BEGIN
        SELECT * INTO w FROM vote_windows WHERE id = p_window;
        IF NOT FOUND THEN outcome := 'notFound'; RETURN; END IF;
        IF now() < w.opens_at OR now() >= w.closes_at THEN outcome := 'notOpen'; RETURN; END IF;
        IF NOT EXISTS (SELECT 1 FROM round_works WHERE round_id = w.round_id AND work_id = p_work) THEN outcome := 'workNotFound'; RETURN; END IF;
        PERFORM pg_advisory_xact_lock(p_window, p_user);
        IF EXISTS (SELECT 1 FROM votes v WHERE v.window_id = p_window AND v.work_id = p_work AND v.user_id = p_user AND v.day = today) THEN
          outcome := 'already';
        ELSE
          SELECT count(*) INTO used FROM votes v WHERE v.window_id = p_window AND v.user_id = p_user AND v.day = today;
          IF used >= w.daily_limit THEN outcome := 'dailyLimit'; RETURN; END IF;
          INSERT INTO votes (window_id, work_id, user_id, day, late, address)
          VALUES (p_window, p_work, p_user, today, p_account_created IS NOT NULL AND p_account_created > w.opens_at, left(p_address, 64))
          ON CONFLICT DO NOTHING;
          outcome := CASE WHEN FOUND THEN 'counted' ELSE 'already' END;
        END IF;
        SELECT count(*) INTO votes FROM votes v WHERE v.window_id = p_window AND v.work_id = p_work AND NOT v.late;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION cast_vote`);
    await q.query(`DROP TABLE votes, vote_windows, appeals, publications`);
    await q.query(`ALTER TABLE round_works DROP COLUMN signup_id`);
  }
}
