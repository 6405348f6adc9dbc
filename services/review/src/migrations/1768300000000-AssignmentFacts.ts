import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Assignment facts for the statistics read model (issue 29: review progress by round, group and expert, and score
 * distributions), as enrollment's sign-up facts: every change the figures see (the assignment declined, its sheet
 * drafted, submitted or returned, its work moved to another review group, its round renamed or deleted) gives the
 * assignment a new `fact_version` and writes its fact to the outbox in the same transaction, by trigger. An
 * assignment taken back (deleted) publishes a fact saying it is gone. The view `assignment_facts` is the one
 * definition of a fact (the trigger writes it, a rebuild reads it); the epoch names this database.
 */
export class AssignmentFacts1768300000000 implements MigrationInterface {
  name = 'AssignmentFacts1768300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE fact_epoch (epoch uuid NOT NULL DEFAULT gen_random_uuid(), one boolean PRIMARY KEY DEFAULT true CHECK (one))`);
    await q.query(`INSERT INTO fact_epoch DEFAULT VALUES`);
    await q.query(`CREATE SEQUENCE assignment_fact_version`);
    await q.query(`ALTER TABLE assignments ADD COLUMN fact_version bigint NOT NULL DEFAULT 0`);
    await q.query(`UPDATE assignments SET fact_version = nextval('assignment_fact_version')`);
    await q.query(`
      CREATE VIEW assignment_facts AS
      SELECT a.id, jsonb_build_object(
          'id', a.id, 'competitionId', r.competition_id, 'groupId', r.group_id, 'roundId', r.id, 'roundName', r.name,
          'reviewGroupId', g.id, 'reviewGroupName', COALESCE(g.name, ''), 'expertId', a.expert_id, 'expertName', e.name,
          'live', NOT a.declined AND r.deleted_at IS NULL, 'sheet', COALESCE(s.status, 'none'),
          'total', CASE WHEN s.status = 'submitted' THEN s.total END, 'submittedAt', CASE WHEN s.status = 'submitted' THEN s.submitted_at END,
          'version', a.fact_version, 'epoch', ep.epoch) AS fact
      FROM assignments a JOIN rounds r ON r.id = a.round_id JOIN experts e ON e.id = a.expert_id
      JOIN round_works w ON w.round_id = a.round_id AND w.work_id = a.work_id
      LEFT JOIN review_groups g ON g.id = w.review_group_id
      LEFT JOIN score_sheets s ON s.assignment_id = a.id
      CROSS JOIN fact_epoch ep`);
    await q.query(`
      CREATE FUNCTION assignment_fact_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.fact_version = -1
           OR (OLD.declined, OLD.expert_id, OLD.work_id, OLD.round_id) IS DISTINCT FROM (NEW.declined, NEW.expert_id, NEW.work_id, NEW.round_id)
        THEN
          NEW.fact_version := nextval('assignment_fact_version');
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE FUNCTION assignment_fact_publish() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO outbox (subject, payload) SELECT 'review.assignment.changed', f.fact FROM assignment_facts f WHERE f.id = NEW.id;
        RETURN NULL;
      END $$`);
    // Gone: what is left of it is its id (its round may be going in the same statement).
    await q.query(`
      CREATE FUNCTION assignment_fact_gone() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO outbox (subject, payload)
        SELECT 'review.assignment.changed', jsonb_build_object('id', OLD.id, 'gone', true, 'version', nextval('assignment_fact_version'), 'epoch', e.epoch) FROM fact_epoch e;
        RETURN NULL;
      END $$`);
    // A sheet, a work's review group or a round changed: its assignments' facts with it (fact_version -1 asks for a new one).
    await q.query(`
      CREATE FUNCTION assignment_sheet_fact() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE assignments SET fact_version = -1 WHERE id = NEW.assignment_id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION assignment_work_fact() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE assignments SET fact_version = -1 WHERE round_id = NEW.round_id AND work_id = NEW.work_id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION assignment_round_fact() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE assignments SET fact_version = -1 WHERE round_id = NEW.id;
        RETURN NULL;
      END $$`);
    // The functions resolve names in this schema whoever's session fires them (an operator's psql, another schema's path).
    for (const fn of ['assignment_fact_version', 'assignment_fact_publish', 'assignment_fact_gone', 'assignment_sheet_fact', 'assignment_work_fact', 'assignment_round_fact']) {
      await q.query(`ALTER FUNCTION ${fn}() SET search_path FROM CURRENT`);
    }
    await q.query(`CREATE TRIGGER assignments_fact_version BEFORE INSERT OR UPDATE ON assignments FOR EACH ROW EXECUTE FUNCTION assignment_fact_version()`);
    await q.query(`CREATE TRIGGER assignments_fact_inserted AFTER INSERT ON assignments FOR EACH ROW EXECUTE FUNCTION assignment_fact_publish()`);
    await q.query(`
      CREATE TRIGGER assignments_fact_updated AFTER UPDATE ON assignments FOR EACH ROW
      WHEN (OLD.fact_version IS DISTINCT FROM NEW.fact_version) EXECUTE FUNCTION assignment_fact_publish()`);
    await q.query(`CREATE TRIGGER assignments_fact_deleted AFTER DELETE ON assignments FOR EACH ROW EXECUTE FUNCTION assignment_fact_gone()`);
    // A draft's scores change often: only its state, and a submitted sheet's total, are facts.
    await q.query(`CREATE TRIGGER score_sheets_fact_inserted AFTER INSERT ON score_sheets FOR EACH ROW EXECUTE FUNCTION assignment_sheet_fact()`);
    await q.query(`
      CREATE TRIGGER score_sheets_fact_updated AFTER UPDATE ON score_sheets FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR (NEW.status = 'submitted' AND (OLD.total, OLD.submitted_at) IS DISTINCT FROM (NEW.total, NEW.submitted_at)))
      EXECUTE FUNCTION assignment_sheet_fact()`);
    await q.query(`
      CREATE TRIGGER round_works_fact AFTER UPDATE OF review_group_id ON round_works FOR EACH ROW
      WHEN (OLD.review_group_id IS DISTINCT FROM NEW.review_group_id) EXECUTE FUNCTION assignment_work_fact()`);
    await q.query(`
      CREATE TRIGGER rounds_fact AFTER UPDATE OF name, deleted_at, competition_id, group_id ON rounds FOR EACH ROW
      WHEN ((OLD.name, OLD.deleted_at, OLD.competition_id, OLD.group_id) IS DISTINCT FROM (NEW.name, NEW.deleted_at, NEW.competition_id, NEW.group_id))
      EXECUTE FUNCTION assignment_round_fact()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [trigger, table] of [
      ['rounds_fact', 'rounds'], ['round_works_fact', 'round_works'], ['score_sheets_fact_updated', 'score_sheets'], ['score_sheets_fact_inserted', 'score_sheets'], ['assignments_fact_deleted', 'assignments'],
      ['assignments_fact_updated', 'assignments'], ['assignments_fact_inserted', 'assignments'], ['assignments_fact_version', 'assignments'],
    ]) await q.query(`DROP TRIGGER ${trigger} ON ${table}`);
    await q.query(`DROP FUNCTION assignment_round_fact(), assignment_work_fact(), assignment_sheet_fact(), assignment_fact_gone(), assignment_fact_publish(), assignment_fact_version()`);
    await q.query(`DROP VIEW assignment_facts`);
    await q.query(`ALTER TABLE assignments DROP COLUMN fact_version`);
    await q.query(`DROP SEQUENCE assignment_fact_version`);
    await q.query(`DROP TABLE fact_epoch`);
  }
}
