import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-up facts for the statistics read model (issue 29). Every change of a sign-up that the figures see (its status,
 * fee, school, event, or its captain's profile) gives the row a new `fact_version` and writes the sign-up's fact to
 * the outbox in the same transaction, whichever code made the change: triggers, so that no path is missed. The view
 * `signup_facts` is the one definition of a fact: the trigger writes it and a rebuild reads it page by page. The
 * epoch names this database: a database made afresh numbers its sign-ups and versions from the start again.
 */
export class SignupFacts1767900000000 implements MigrationInterface {
  name = 'SignupFacts1767900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE fact_epoch (epoch uuid NOT NULL DEFAULT gen_random_uuid(), one boolean PRIMARY KEY DEFAULT true CHECK (one))`);
    await q.query(`INSERT INTO fact_epoch DEFAULT VALUES`);
    await q.query(`CREATE SEQUENCE signup_fact_version`);
    await q.query(`ALTER TABLE signups ADD COLUMN fact_version bigint NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE VIEW signup_facts AS
      SELECT s.id, jsonb_build_object(
          'id', s.id, 'competitionId', s.competition_id, 'groupId', s.group_id, 'itemId', s.item_id, 'itemName', s.item_name, 'itemNameEn', s.item_name_en,
          'schoolId', s.school_id, 'schoolName', s.school_name,
          'college', NULLIF(btrim(c.profile->>'college'), ''), 'major', NULLIF(btrim(c.profile->>'major'), ''),
          'grade', NULLIF(btrim(c.profile->>'grade'), ''),
          'status', s.status, 'payStatus', s.pay_status, 'feeFen', s.fee_fen, 'createdAt', s.created_at,
          'workSubmittedAt', CASE WHEN w.status = 1 THEN w.submitted_at END, 'version', s.fact_version, 'epoch', e.epoch) AS fact
      FROM signups s CROSS JOIN fact_epoch e
      LEFT JOIN works w ON w.signup_id = s.id
      LEFT JOIN LATERAL (SELECT m.profile FROM signup_members m WHERE m.signup_id = s.id AND m.captain ORDER BY m.active DESC, m.id DESC LIMIT 1) c ON true`);
    // A new version when what the figures see changes, or when the captain's row asks for one (fact_version set to -1).
    await q.query(`
      CREATE FUNCTION signup_fact_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.fact_version = -1
           OR (OLD.status, OLD.pay_status, OLD.fee_fen, OLD.school_id, OLD.school_name, OLD.item_id, OLD.item_name, OLD.item_name_en, OLD.group_id, OLD.competition_id)
              IS DISTINCT FROM (NEW.status, NEW.pay_status, NEW.fee_fen, NEW.school_id, NEW.school_name, NEW.item_id, NEW.item_name, NEW.item_name_en, NEW.group_id, NEW.competition_id)
        THEN
          NEW.fact_version := nextval('signup_fact_version');
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE FUNCTION signup_fact_publish() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO outbox (subject, payload) SELECT 'enrollment.signup.changed', f.fact FROM signup_facts f WHERE f.id = NEW.id;
        RETURN NULL;
      END $$`);
    // The captain's row or the work changed: the sign-up's fact with it (fact_version -1 asks for a new version).
    await q.query(`
      CREATE FUNCTION signup_member_fact() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE signups SET fact_version = -1 WHERE id = NEW.signup_id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER signups_fact_version BEFORE INSERT OR UPDATE ON signups FOR EACH ROW EXECUTE FUNCTION signup_fact_version()`);
    await q.query(`CREATE TRIGGER signups_fact_inserted AFTER INSERT ON signups FOR EACH ROW EXECUTE FUNCTION signup_fact_publish()`);
    await q.query(`
      CREATE TRIGGER signups_fact_updated AFTER UPDATE ON signups FOR EACH ROW
      WHEN (OLD.fact_version IS DISTINCT FROM NEW.fact_version) EXECUTE FUNCTION signup_fact_publish()`);
    await q.query(`
      CREATE TRIGGER signup_members_fact_inserted AFTER INSERT ON signup_members FOR EACH ROW
      WHEN (NEW.captain) EXECUTE FUNCTION signup_member_fact()`);
    await q.query(`
      CREATE TRIGGER signup_members_fact_updated AFTER UPDATE ON signup_members FOR EACH ROW
      WHEN ((NEW.captain OR OLD.captain) AND (OLD.captain, OLD.active, OLD.profile) IS DISTINCT FROM (NEW.captain, NEW.active, NEW.profile))
      EXECUTE FUNCTION signup_member_fact()`);
    await q.query(`
      CREATE TRIGGER works_fact AFTER INSERT OR UPDATE OF status, submitted_at ON works FOR EACH ROW
      EXECUTE FUNCTION signup_member_fact()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER works_fact ON works`);
    await q.query(`DROP TRIGGER signup_members_fact_updated ON signup_members`);
    await q.query(`DROP TRIGGER signup_members_fact_inserted ON signup_members`);
    await q.query(`DROP TRIGGER signups_fact_updated ON signups`);
    await q.query(`DROP TRIGGER signups_fact_inserted ON signups`);
    await q.query(`DROP TRIGGER signups_fact_version ON signups`);
    await q.query(`DROP FUNCTION signup_member_fact(), signup_fact_publish(), signup_fact_version()`);
    await q.query(`DROP VIEW signup_facts`);
    await q.query(`ALTER TABLE signups DROP COLUMN fact_version`);
    await q.query(`DROP SEQUENCE signup_fact_version`);
    await q.query(`DROP TABLE fact_epoch`);
  }
}
