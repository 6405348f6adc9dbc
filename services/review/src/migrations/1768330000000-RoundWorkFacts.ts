import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Round-work facts for the statistics read model (issue 29: votes and check-ins): a work in a round, with its
 * on-site queue state (checked in, late, absent, presented) and its votes. A queue change publishes the work's fact
 * at once, by trigger. Votes do not: a vote storm must not take a row lock and an outbox row per vote, so the review
 * worker marks the works voted for since its last tally every few seconds (`vote_tallies`), and their facts carry
 * the count then. A work taken out of its round publishes a fact saying it is gone.
 */
export class RoundWorkFacts1768330000000 implements MigrationInterface {
  name = 'RoundWorkFacts1768330000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE round_work_fact_version`);
    await q.query(`ALTER TABLE round_works ADD COLUMN fact_version bigint NOT NULL DEFAULT 0`);
    await q.query(`UPDATE round_works SET fact_version = nextval('round_work_fact_version')`);
    await q.query(`CREATE TABLE vote_tallies (one boolean PRIMARY KEY DEFAULT true CHECK (one), tallied_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`INSERT INTO vote_tallies DEFAULT VALUES`);
    await q.query(`CREATE INDEX votes_created ON votes (created_at)`);
    await q.query(`
      CREATE VIEW round_work_facts AS
      SELECT w.id, jsonb_build_object(
          'id', w.id, 'competitionId', r.competition_id, 'groupId', r.group_id, 'roundId', r.id, 'roundName', r.name,
          'workId', w.work_id, 'title', w.title, 'live', r.deleted_at IS NULL, 'scene', q.status,
          'checkedIn', q.checked_in_at IS NOT NULL, 'late', COALESCE(q.late, false),
          'votes', COALESCE((SELECT count(*) FILTER (WHERE NOT v.late) FROM votes v JOIN vote_windows vw ON vw.id = v.window_id WHERE vw.round_id = w.round_id AND v.work_id = w.work_id), 0),
          'lateVotes', COALESCE((SELECT count(*) FILTER (WHERE v.late) FROM votes v JOIN vote_windows vw ON vw.id = v.window_id WHERE vw.round_id = w.round_id AND v.work_id = w.work_id), 0),
          'version', w.fact_version, 'epoch', e.epoch) AS fact
      FROM round_works w JOIN rounds r ON r.id = w.round_id
      LEFT JOIN scene_queue q ON q.round_id = w.round_id AND q.work_id = w.work_id
      CROSS JOIN fact_epoch e`);
    await q.query(`
      CREATE FUNCTION round_work_fact_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.fact_version = -1 OR (OLD.title, OLD.round_id, OLD.work_id) IS DISTINCT FROM (NEW.title, NEW.round_id, NEW.work_id) THEN
          NEW.fact_version := nextval('round_work_fact_version');
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE FUNCTION round_work_fact_publish() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO outbox (subject, payload) SELECT 'review.roundwork.changed', f.fact FROM round_work_facts f WHERE f.id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION round_work_fact_gone() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO outbox (subject, payload)
        SELECT 'review.roundwork.changed', jsonb_build_object('id', OLD.id, 'gone', true, 'version', nextval('round_work_fact_version'), 'epoch', e.epoch) FROM fact_epoch e;
        RETURN NULL;
      END $$`);
    // A queue entry made, changed or dropped: its work's fact with it (fact_version -1 asks for a new one).
    await q.query(`
      CREATE FUNCTION round_work_scene_fact() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          UPDATE round_works SET fact_version = -1 WHERE round_id = OLD.round_id AND work_id = OLD.work_id;
        ELSE
          UPDATE round_works SET fact_version = -1 WHERE round_id = NEW.round_id AND work_id = NEW.work_id;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION round_work_round_fact() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE round_works SET fact_version = -1 WHERE round_id = NEW.id;
        RETURN NULL;
      END $$`);
    for (const fn of ['round_work_fact_version', 'round_work_fact_publish', 'round_work_fact_gone', 'round_work_scene_fact', 'round_work_round_fact']) {
      await q.query(`ALTER FUNCTION ${fn}() SET search_path FROM CURRENT`);
    }
    await q.query(`CREATE TRIGGER round_works_fact_version BEFORE INSERT OR UPDATE ON round_works FOR EACH ROW EXECUTE FUNCTION round_work_fact_version()`);
    await q.query(`CREATE TRIGGER round_works_fact_inserted AFTER INSERT ON round_works FOR EACH ROW EXECUTE FUNCTION round_work_fact_publish()`);
    await q.query(`
      CREATE TRIGGER round_works_fact_updated AFTER UPDATE ON round_works FOR EACH ROW
      WHEN (OLD.fact_version IS DISTINCT FROM NEW.fact_version) EXECUTE FUNCTION round_work_fact_publish()`);
    await q.query(`CREATE TRIGGER round_works_fact_deleted AFTER DELETE ON round_works FOR EACH ROW EXECUTE FUNCTION round_work_fact_gone()`);
    await q.query(`CREATE TRIGGER scene_queue_fact_inserted AFTER INSERT OR DELETE ON scene_queue FOR EACH ROW EXECUTE FUNCTION round_work_scene_fact()`);
    await q.query(`
      CREATE TRIGGER scene_queue_fact_updated AFTER UPDATE ON scene_queue FOR EACH ROW
      WHEN ((OLD.status, OLD.checked_in_at, OLD.late) IS DISTINCT FROM (NEW.status, NEW.checked_in_at, NEW.late)) EXECUTE FUNCTION round_work_scene_fact()`);
    await q.query(`
      CREATE TRIGGER rounds_round_work_fact AFTER UPDATE OF name, deleted_at, competition_id, group_id ON rounds FOR EACH ROW
      WHEN ((OLD.name, OLD.deleted_at, OLD.competition_id, OLD.group_id) IS DISTINCT FROM (NEW.name, NEW.deleted_at, NEW.competition_id, NEW.group_id))
      EXECUTE FUNCTION round_work_round_fact()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [trigger, table] of [
      ['rounds_round_work_fact', 'rounds'], ['scene_queue_fact_updated', 'scene_queue'], ['scene_queue_fact_inserted', 'scene_queue'],
      ['round_works_fact_deleted', 'round_works'], ['round_works_fact_updated', 'round_works'], ['round_works_fact_inserted', 'round_works'], ['round_works_fact_version', 'round_works'],
    ]) await q.query(`DROP TRIGGER ${trigger} ON ${table}`);
    await q.query(`DROP FUNCTION round_work_round_fact(), round_work_scene_fact(), round_work_fact_gone(), round_work_fact_publish(), round_work_fact_version()`);
    await q.query(`DROP VIEW round_work_facts`);
    await q.query(`DROP INDEX votes_created`);
    await q.query(`DROP TABLE vote_tallies`);
    await q.query(`ALTER TABLE round_works DROP COLUMN fact_version`);
    await q.query(`DROP SEQUENCE round_work_fact_version`);
  }
}
