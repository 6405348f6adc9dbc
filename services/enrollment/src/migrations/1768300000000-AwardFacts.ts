import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sign-up's fact carries its published awards (issue 29: awards by school and level). A new award publishes the
 * sign-up's fact again, as a new work does; sign-ups awarded before this get a new fact once, now.
 */
export class AwardFacts1768300000000 implements MigrationInterface {
  name = 'AwardFacts1768300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE VIEW signup_facts AS
      SELECT s.id, jsonb_build_object(
          'id', s.id, 'competitionId', s.competition_id, 'groupId', s.group_id, 'itemId', s.item_id, 'itemName', s.item_name, 'itemNameEn', s.item_name_en,
          'schoolId', s.school_id, 'schoolName', s.school_name,
          'college', NULLIF(btrim(c.profile->>'college'), ''), 'major', NULLIF(btrim(c.profile->>'major'), ''),
          'grade', NULLIF(btrim(c.profile->>'grade'), ''),
          'status', s.status, 'payStatus', s.pay_status, 'feeFen', s.fee_fen, 'createdAt', s.created_at,
          'workSubmittedAt', CASE WHEN w.status = 1 THEN w.submitted_at END,
          'awards', COALESCE((SELECT jsonb_agg(jsonb_build_object('roundId', a.round_id, 'level', a.level, 'levelEn', a.level_en, 'rank', a.rank) ORDER BY a.round_id)
                              FROM signup_awards a WHERE a.signup_id = s.id), '[]'::jsonb),
          'version', s.fact_version, 'epoch', e.epoch) AS fact
      FROM signups s CROSS JOIN fact_epoch e
      LEFT JOIN works w ON w.signup_id = s.id
      LEFT JOIN LATERAL (SELECT m.profile FROM signup_members m WHERE m.signup_id = s.id AND m.captain ORDER BY m.active DESC, m.id DESC LIMIT 1) c ON true`);
    // Awards are only ever added (review.results.published, once per round).
    await q.query(`CREATE TRIGGER signup_awards_fact AFTER INSERT ON signup_awards FOR EACH ROW EXECUTE FUNCTION signup_member_fact()`);
    await q.query(`UPDATE signups SET fact_version = -1 WHERE id IN (SELECT signup_id FROM signup_awards)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER signup_awards_fact ON signup_awards`);
  }
}
