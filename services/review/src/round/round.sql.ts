import type { EntityManager } from 'typeorm';
import { ROUND_CLOSING_SOON_HOURS, type Lang, type Round, type RoundAttention } from '@cmp/contracts';

/** A round with its events and counts, in the contract's shape. */
export const ROUND_COLUMNS = `r.id, r.group_id AS "groupId", r.competition_id AS "competitionId", r.stage_id AS "stageId", r.name, r.type, r.blind,
  r.opens_at AS "opensAt", r.closes_at AS "closesAt", r.experts_per_work AS "expertsPerWork", r.score_columns AS "scoreColumns",
  r.comment_required AS "commentRequired", r.bidding_allowed AS "biddingAllowed", r.exclude_own_organisation AS "excludeOwnOrganisation",
  r.status, r.created_at AS "createdAt",
  ARRAY(SELECT e.event_id FROM round_events e WHERE e.round_id = r.id ORDER BY e.event_id) AS "eventIds",
  (SELECT count(*)::int FROM round_works w WHERE w.round_id = r.id) AS "workCount",
  (SELECT count(*)::int FROM group_experts g WHERE g.round_id = r.id) AS "expertCount",
  (SELECT count(*)::int FROM assignments a WHERE a.round_id = r.id AND NOT a.declined) AS "assignmentCount"`;

/** What makes a round (`r`) wait for its organiser, per RoundAttention (the workbench's review to-dos count these rounds). */
export const NEEDS_ATTENTION: Record<RoundAttention, string> = {
  closingSoon: `r.status = 'open' AND r.closes_at < now() + interval '${ROUND_CLOSING_SOON_HOURS} hours'`,
  // A disputed work of the latest finished calculation that has no more experts than the round asks for: no arbiter yet.
  disputed: `NOT EXISTS (SELECT 1 FROM publications p WHERE p.round_id = r.id) AND EXISTS (
    SELECT 1 FROM work_results wr
    WHERE wr.version_id = (SELECT v.id FROM score_versions v WHERE v.round_id = r.id AND v.status = 'done' ORDER BY v.number DESC LIMIT 1)
      AND wr.disputed
      AND (SELECT count(*) FROM assignments a WHERE a.round_id = r.id AND a.work_id = wr.work_id AND NOT a.declined) <= r.experts_per_work)`,
  appeals: `EXISTS (SELECT 1 FROM appeals ap WHERE ap.round_id = r.id AND ap.status IN ('pending', 'reviewing'))`,
  toPublish: `EXISTS (SELECT 1 FROM award_sets s WHERE s.round_id = r.id) AND NOT EXISTS (SELECT 1 FROM publications p WHERE p.round_id = r.id)`,
};

/** A round work's event name (alias `w` by default) in `lang`: the English one when copied, else the Chinese. */
export const eventNameIn = (lang: Lang | undefined, w = 'w') => (lang === 'en' ? `COALESCE(NULLIF(${w}.event_name_en, ''), ${w}.event_name)` : `${w}.event_name`);

export async function loadRound(m: EntityManager, id: number, lock = false): Promise<Round | undefined> {
  if (lock) await m.query(`SELECT id FROM rounds WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
  const [r] = await m.query(`SELECT ${ROUND_COLUMNS} FROM rounds r WHERE r.id = $1 AND r.deleted_at IS NULL`, [id]);
  return r;
}
