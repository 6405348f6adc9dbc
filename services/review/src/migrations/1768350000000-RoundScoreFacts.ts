import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Round-score facts for the statistics read model (issue 29: score distributions per round from the final scores), as
 * the assignment facts: a round's fact names the score version its figures come from (the published one once its
 * results are published, else the latest done) with that version's works' final scores in bands of 10. Every change
 * of that (a version done, or no longer there; a publication made or taken back; the round renamed, moved or
 * deleted) gives the round a new `score_fact_version` and writes its fact to the outbox in the same transaction, by
 * trigger. A round removed publishes a fact saying it is gone. The view `round_score_facts` is the one definition of
 * a fact (the trigger writes it, a rebuild reads it).
 */
export class RoundScoreFacts1768350000000 implements MigrationInterface {
  name = 'RoundScoreFacts1768350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE round_score_fact_version`);
    await q.query(`ALTER TABLE rounds ADD COLUMN score_fact_version bigint NOT NULL DEFAULT 0`);
    await q.query(`UPDATE rounds SET score_fact_version = nextval('round_score_fact_version')`);
    await q.query(`
      CREATE VIEW round_score_facts AS
      SELECT r.id, jsonb_build_object(
          'id', r.id, 'competitionId', r.competition_id, 'groupId', r.group_id, 'roundName', r.name, 'live', r.deleted_at IS NULL,
          'versionId', v.id, 'versionNumber', v.number, 'published', p.version_id IS NOT NULL AND p.version_id = v.id,
          'bands', COALESCE((
            SELECT jsonb_agg(jsonb_build_object('band', b.band, 'count', b.n) ORDER BY b.band)
            FROM (SELECT (floor(wr.score / 10) * 10)::int AS band, count(*)::int AS n FROM work_results wr WHERE wr.version_id = v.id GROUP BY 1) b), '[]'::jsonb),
          'version', r.score_fact_version, 'epoch', e.epoch) AS fact
      FROM rounds r
      LEFT JOIN publications p ON p.round_id = r.id
      LEFT JOIN score_versions v ON v.id = COALESCE(p.version_id,
        (SELECT s.id FROM score_versions s WHERE s.round_id = r.id AND s.status = 'done' ORDER BY s.number DESC LIMIT 1))
      CROSS JOIN fact_epoch e`);
    await q.query(`
      CREATE FUNCTION round_score_fact_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.score_fact_version = -1
           OR (OLD.name, OLD.deleted_at, OLD.competition_id, OLD.group_id) IS DISTINCT FROM (NEW.name, NEW.deleted_at, NEW.competition_id, NEW.group_id)
        THEN
          NEW.score_fact_version := nextval('round_score_fact_version');
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE FUNCTION round_score_fact_publish() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO outbox (subject, payload) SELECT 'review.roundscore.changed', f.fact FROM round_score_facts f WHERE f.id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION round_score_fact_gone() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO outbox (subject, payload)
        SELECT 'review.roundscore.changed', jsonb_build_object('id', OLD.id, 'gone', true, 'version', nextval('round_score_fact_version'), 'epoch', e.epoch) FROM fact_epoch e;
        RETURN NULL;
      END $$`);
    // A version or a publication changed: its round's fact with it (score_fact_version -1 asks for a new one). A round
    // being deleted takes its versions with it: the UPDATE then finds no row, and the round's own trigger says it is gone.
    await q.query(`
      CREATE FUNCTION round_score_version_fact() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE rounds SET score_fact_version = -1 WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.round_id ELSE NEW.round_id END;
        RETURN NULL;
      END $$`);
    for (const fn of ['round_score_fact_version', 'round_score_fact_publish', 'round_score_fact_gone', 'round_score_version_fact']) {
      await q.query(`ALTER FUNCTION ${fn}() SET search_path FROM CURRENT`);
    }
    await q.query(`CREATE TRIGGER rounds_score_fact_version BEFORE INSERT OR UPDATE ON rounds FOR EACH ROW EXECUTE FUNCTION round_score_fact_version()`);
    await q.query(`CREATE TRIGGER rounds_score_fact_inserted AFTER INSERT ON rounds FOR EACH ROW EXECUTE FUNCTION round_score_fact_publish()`);
    await q.query(`
      CREATE TRIGGER rounds_score_fact_updated AFTER UPDATE ON rounds FOR EACH ROW
      WHEN (OLD.score_fact_version IS DISTINCT FROM NEW.score_fact_version) EXECUTE FUNCTION round_score_fact_publish()`);
    await q.query(`CREATE TRIGGER rounds_score_fact_deleted AFTER DELETE ON rounds FOR EACH ROW EXECUTE FUNCTION round_score_fact_gone()`);
    // Only a version becoming done (or leaving done, or going) changes what the figures read: not its progress.
    await q.query(`
      CREATE TRIGGER score_versions_fact_updated AFTER UPDATE OF status ON score_versions FOR EACH ROW
      WHEN ((OLD.status = 'done') IS DISTINCT FROM (NEW.status = 'done')) EXECUTE FUNCTION round_score_version_fact()`);
    await q.query(`
      CREATE TRIGGER score_versions_fact_deleted AFTER DELETE ON score_versions FOR EACH ROW
      WHEN (OLD.status = 'done') EXECUTE FUNCTION round_score_version_fact()`);
    await q.query(`CREATE TRIGGER publications_fact_changed AFTER INSERT OR DELETE ON publications FOR EACH ROW EXECUTE FUNCTION round_score_version_fact()`);
    await q.query(`
      CREATE TRIGGER publications_fact_updated AFTER UPDATE OF version_id ON publications FOR EACH ROW
      WHEN (OLD.version_id IS DISTINCT FROM NEW.version_id) EXECUTE FUNCTION round_score_version_fact()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [trigger, table] of [
      ['publications_fact_updated', 'publications'], ['publications_fact_changed', 'publications'], ['score_versions_fact_deleted', 'score_versions'],
      ['score_versions_fact_updated', 'score_versions'], ['rounds_score_fact_deleted', 'rounds'], ['rounds_score_fact_updated', 'rounds'],
      ['rounds_score_fact_inserted', 'rounds'], ['rounds_score_fact_version', 'rounds'],
    ]) await q.query(`DROP TRIGGER ${trigger} ON ${table}`);
    await q.query(`DROP FUNCTION round_score_version_fact(), round_score_fact_gone(), round_score_fact_publish(), round_score_fact_version()`);
    await q.query(`DROP VIEW round_score_facts`);
    await q.query(`ALTER TABLE rounds DROP COLUMN score_fact_version`);
    await q.query(`DROP SEQUENCE round_score_fact_version`);
  }
}
