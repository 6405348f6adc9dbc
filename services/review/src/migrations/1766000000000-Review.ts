import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The review core: experts and their declared conflicts, rounds (with their score columns and events), review
 * groups and captains, the works a round covers (with what conflict checks need), assignments, bids, score
 * sheets and their history. Invariants the database keeps: one assignment per (round, work, expert), one
 * group per expert per round, one sheet per assignment, one expert profile per account and organisation.
 */
export class Review1766000000000 implements MigrationInterface {
  name = 'Review1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE experts (
        id serial PRIMARY KEY,
        user_id int,
        group_id int NOT NULL,
        name varchar(50) NOT NULL,
        title varchar(50) NOT NULL DEFAULT '',
        unit varchar(100) NOT NULL DEFAULT '',
        school_id int,
        phone varchar(20) NOT NULL DEFAULT '',
        email varchar(100) NOT NULL DEFAULT '',
        subjects text[] NOT NULL DEFAULT '{}',
        keywords text[] NOT NULL DEFAULT '{}',
        event_ids int[] NOT NULL DEFAULT '{}',
        categories text[] NOT NULL DEFAULT '{}',
        status varchar(10) NOT NULL DEFAULT 'active',
        source varchar(12) NOT NULL DEFAULT 'library',
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CONSTRAINT experts_status CHECK (status IN ('active', 'disabled')),
        CONSTRAINT experts_source CHECK (source IN ('library', 'recruited', 'recommended', 'temporary'))
      )`);
    await q.query(`CREATE INDEX experts_group ON experts (group_id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX experts_user ON experts (group_id, user_id) WHERE deleted_at IS NULL AND user_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE expert_conflicts (
        id serial PRIMARY KEY,
        expert_id int NOT NULL REFERENCES experts(id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL,
        value varchar(100) NOT NULL,
        reason varchar(300) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT expert_conflicts_kind CHECK (kind IN ('school', 'person', 'work')),
        UNIQUE (expert_id, kind, value)
      )`);
    await q.query(`
      CREATE TABLE rounds (
        id serial PRIMARY KEY,
        group_id int NOT NULL,
        competition_id int NOT NULL,
        stage_id int,
        name varchar(100) NOT NULL,
        type varchar(10) NOT NULL DEFAULT 'online',
        blind boolean NOT NULL DEFAULT false,
        opens_at timestamptz,
        closes_at timestamptz,
        experts_per_work int NOT NULL DEFAULT 3,
        score_columns jsonb NOT NULL DEFAULT '[]',
        comment_required boolean NOT NULL DEFAULT false,
        bidding_allowed boolean NOT NULL DEFAULT false,
        exclude_own_organisation boolean NOT NULL DEFAULT true,
        status varchar(10) NOT NULL DEFAULT 'draft',
        sort int NOT NULL DEFAULT 0,
        created_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CONSTRAINT rounds_type CHECK (type IN ('online', 'onsite')),
        CONSTRAINT rounds_status CHECK (status IN ('draft', 'open', 'closed')),
        CONSTRAINT rounds_experts_per_work CHECK (experts_per_work BETWEEN 1 AND 50)
      )`);
    await q.query(`CREATE INDEX rounds_competition ON rounds (group_id, competition_id) WHERE deleted_at IS NULL`);
    // Settings handed over from the competitions service are imported once per competition.
    await q.query(`
      CREATE TABLE round_imports (
        competition_id int PRIMARY KEY,
        group_id int NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE round_events (
        round_id int NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        event_id int NOT NULL,
        PRIMARY KEY (round_id, event_id)
      )`);
    await q.query(`
      CREATE TABLE review_groups (
        id serial PRIMARY KEY,
        round_id int NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        name varchar(50) NOT NULL,
        captain_expert_id int REFERENCES experts(id),
        event_ids int[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (round_id, name)
      )`);
    await q.query(`
      CREATE TABLE group_experts (
        group_id int NOT NULL REFERENCES review_groups(id) ON DELETE CASCADE,
        round_id int NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        expert_id int NOT NULL REFERENCES experts(id),
        PRIMARY KEY (group_id, expert_id),
        UNIQUE (round_id, expert_id)
      )`);
    await q.query(`
      CREATE TABLE round_works (
        id serial PRIMARY KEY,
        round_id int NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        work_id int NOT NULL,
        event_id int,
        title varchar(200) NOT NULL DEFAULT '',
        keywords text[] NOT NULL DEFAULT '{}',
        member_user_ids int[] NOT NULL DEFAULT '{}',
        adviser_user_ids int[] NOT NULL DEFAULT '{}',
        member_phones text[] NOT NULL DEFAULT '{}',
        member_emails text[] NOT NULL DEFAULT '{}',
        school_ids int[] NOT NULL DEFAULT '{}',
        org_group_id int,
        review_group_id int REFERENCES review_groups(id) ON DELETE SET NULL,
        UNIQUE (round_id, work_id)
      )`);
    await q.query(`
      CREATE TABLE assignments (
        id serial PRIMARY KEY,
        round_id int NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        work_id int NOT NULL,
        expert_id int NOT NULL REFERENCES experts(id),
        locked boolean NOT NULL DEFAULT false,
        source varchar(10) NOT NULL DEFAULT 'auto',
        declined boolean NOT NULL DEFAULT false,
        decline_reason varchar(300) NOT NULL DEFAULT '',
        created_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT assignments_source CHECK (source IN ('auto', 'manual')),
        FOREIGN KEY (round_id, work_id) REFERENCES round_works(round_id, work_id) ON DELETE CASCADE,
        UNIQUE (round_id, work_id, expert_id)
      )`);
    await q.query(`CREATE INDEX assignments_expert ON assignments (expert_id, round_id)`);
    // One long assignment run per round at a time; progress and cancel go through this row.
    await q.query(`
      CREATE TABLE assignment_runs (
        id serial PRIMARY KEY,
        round_id int NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        status varchar(12) NOT NULL DEFAULT 'running',
        progress int NOT NULL DEFAULT 0,
        cancel_requested boolean NOT NULL DEFAULT false,
        result jsonb,
        started_by int,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CONSTRAINT assignment_runs_status CHECK (status IN ('running', 'done', 'infeasible', 'cancelled', 'failed'))
      )`);
    await q.query(`CREATE UNIQUE INDEX assignment_runs_one_running ON assignment_runs (round_id) WHERE status = 'running'`);
    await q.query(`
      CREATE TABLE bids (
        round_id int NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
        work_id int NOT NULL,
        expert_id int NOT NULL REFERENCES experts(id),
        bid varchar(10) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (round_id, work_id, expert_id),
        CONSTRAINT bids_bid CHECK (bid IN ('eager', 'willing', 'unwilling'))
      )`);
    await q.query(`
      CREATE TABLE score_sheets (
        id serial PRIMARY KEY,
        assignment_id int NOT NULL UNIQUE REFERENCES assignments(id) ON DELETE CASCADE,
        scores jsonb NOT NULL DEFAULT '[]',
        total numeric(8, 2),
        comment text NOT NULL DEFAULT '',
        status varchar(10) NOT NULL DEFAULT 'draft',
        return_reason varchar(500) NOT NULL DEFAULT '',
        version int NOT NULL DEFAULT 1,
        submitted_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT score_sheets_status CHECK (status IN ('draft', 'submitted', 'returned'))
      )`);
    await q.query(`
      CREATE TABLE sheet_history (
        id serial PRIMARY KEY,
        sheet_id int NOT NULL REFERENCES score_sheets(id) ON DELETE CASCADE,
        actor_id int,
        action varchar(20) NOT NULL,
        reason varchar(500) NOT NULL DEFAULT '',
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sheet_history_sheet ON sheet_history (sheet_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['sheet_history', 'score_sheets', 'bids', 'assignment_runs', 'assignments', 'round_works', 'group_experts',
      'review_groups', 'round_events', 'round_imports', 'rounds', 'expert_conflicts', 'experts']) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}
