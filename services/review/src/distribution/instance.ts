import type { EntityManager } from 'typeorm';
import type { Bid, Round } from '@cmp/contracts';
import type { AssignmentExpert, AssignmentInput, AssignmentWork } from '../assignment';
import { conflictOf, type ConflictReason, type ExpertIdentity, type WorkIdentity } from './conflicts';

export interface ExpertRow extends ExpertIdentity {
  name: string;
  /** A paused (disabled) expert keeps what they started but takes no new work. */
  paused: boolean;
  subjects: string[];
  keywords: string[];
  eventIds: number[];
}

export interface WorkRow extends WorkIdentity {
  eventId: number | null;
  title: string;
  keywords: string[];
  reviewGroupId: number | null;
}

export interface GroupRow {
  id: number;
  name: string;
  eventIds: number[];
  expertIds: number[];
  captainExpertId: number | null;
}

export interface AssignmentRow {
  id: number;
  workId: number;
  expertId: number;
  locked: boolean;
  declined: boolean;
  source: 'auto' | 'manual';
  /** The expert has a score sheet for it (started): it never moves. */
  started: boolean;
}

/** Everything an assignment decision of one round reads. */
export interface RoundInstance {
  round: Round;
  groups: GroupRow[];
  experts: Map<number, ExpertRow>;
  works: WorkRow[];
  assignments: AssignmentRow[];
  bids: { workId: number; expertId: number; bid: Bid }[];
}

export const EXPERT_IDENTITY = `e.id, e.name, e.user_id AS "userId", e.phone, e.email, e.school_id AS "schoolId", e.unit, e.subjects, e.keywords,
  e.event_ids AS "eventIds", e.status <> 'active' AS paused,
  COALESCE((SELECT json_agg(json_build_object('kind', c.kind, 'value', c.value)) FROM expert_conflicts c WHERE c.expert_id = e.id), '[]') AS declared`;

export const WORK_IDENTITY = `w.work_id AS "workId", w.event_id AS "eventId", w.title, w.keywords, w.member_user_ids AS "memberUserIds",
  w.member_phones AS phones, w.member_emails AS emails, w.school_ids AS "schoolIds", w.school_names AS "schoolNames", w.review_group_id AS "reviewGroupId"`;

export async function loadInstance(m: EntityManager, round: Round): Promise<RoundInstance> {
  const [groups, experts, works, assignments, bids] = await Promise.all([
    m.query(
      `SELECT g.id, g.name, g.event_ids AS "eventIds", g.captain_expert_id AS "captainExpertId",
         ARRAY(SELECT x.expert_id FROM group_experts x WHERE x.group_id = g.id ORDER BY x.expert_id) AS "expertIds"
       FROM review_groups g WHERE g.round_id = $1 ORDER BY g.id`,
      [round.id],
    ),
    m.query(`SELECT ${EXPERT_IDENTITY} FROM experts e JOIN group_experts x ON x.expert_id = e.id WHERE x.round_id = $1`, [round.id]),
    m.query(`SELECT ${WORK_IDENTITY} FROM round_works w WHERE w.round_id = $1 ORDER BY w.work_id`, [round.id]),
    m.query(
      `SELECT a.id, a.work_id AS "workId", a.expert_id AS "expertId", a.locked, a.declined, a.source,
         EXISTS (SELECT 1 FROM score_sheets s WHERE s.assignment_id = a.id) AS started
       FROM assignments a WHERE a.round_id = $1`,
      [round.id],
    ),
    m.query(`SELECT work_id AS "workId", expert_id AS "expertId", bid FROM bids WHERE round_id = $1`, [round.id]),
  ]);
  return { round, groups, experts: new Map((experts as ExpertRow[]).map((e) => [e.id, e])), works, assignments, bids };
}

/**
 * The review group of each work: kept when still valid, otherwise the group judging its event (or any group
 * when none does) with the fewest works per expert, so the groups' loads stay close.
 */
export function placeWorks(inst: RoundInstance): Map<number, number> {
  const placed = new Map<number, number>();
  const groups = inst.groups.filter((g) => g.expertIds.length > 0);
  const count = new Map(groups.map((g) => [g.id, 0]));
  for (const w of inst.works) {
    if (w.reviewGroupId !== null && count.has(w.reviewGroupId)) {
      placed.set(w.workId, w.reviewGroupId);
      count.set(w.reviewGroupId, count.get(w.reviewGroupId)! + 1);
    }
  }
  for (const w of inst.works) {
    if (placed.has(w.workId) || !groups.length) continue;
    const judging = groups.filter((g) => w.eventId !== null && g.eventIds.includes(w.eventId));
    const open = groups.filter((g) => g.eventIds.length === 0);
    const candidates = judging.length ? judging : open.length ? open : groups;
    const best = candidates.reduce((a, b) => ((count.get(b.id)! + 1) / b.expertIds.length < (count.get(a.id)! + 1) / a.expertIds.length ? b : a));
    placed.set(w.workId, best.id);
    count.set(best.id, count.get(best.id)! + 1);
  }
  return placed;
}

export function conflictReason(inst: RoundInstance, w: WorkIdentity, expertId: number): ConflictReason | null {
  const e = inst.experts.get(expertId);
  return e ? conflictOf(e, w, inst.round.excludeOwnOrganisation) : null;
}

/**
 * The solver's input: works in their groups with their conflicts computed here from every identity; kept pairs
 * (locked, manual, started) locked; declined or removed pairs forbidden; the current assignment as `previous`
 * so a re-run moves only what the change needs.
 */
export function solverInput(inst: RoundInstance, placed: Map<number, number>): AssignmentInput {
  const groupOf = new Map<number, number>();
  for (const g of inst.groups) for (const e of g.expertIds) groupOf.set(e, g.id);
  const experts: AssignmentExpert[] = [...inst.experts.values()]
    .filter((e) => groupOf.has(e.id))
    .map((e) => ({ id: e.id, groupId: groupOf.get(e.id)!, subjects: e.subjects, keywords: e.keywords, eventIds: e.eventIds }));
  const works: AssignmentWork[] = inst.works
    .filter((w) => placed.has(w.workId))
    .map((w) => {
      const groupId = placed.get(w.workId)!;
      const members = inst.groups.find((g) => g.id === groupId)!.expertIds;
      return {
        id: w.workId,
        groupId,
        eventId: w.eventId ?? undefined,
        keywords: w.keywords,
        conflictExpertIds: members.filter((e) => conflictReason(inst, w, e) !== null),
      };
    });
  const paused = (expertId: number) => inst.experts.get(expertId)?.paused === true;
  const live = inst.assignments.filter((a) => !a.declined && placed.get(a.workId) === groupOf.get(a.expertId));
  const kept = live.filter((a) => a.locked || a.started);
  // A paused expert's group works are forbidden to them, but for those they locked or started.
  const pausedPairs = works.flatMap((w) =>
    inst.groups
      .find((g) => g.id === w.groupId)!
      .expertIds.filter((e) => paused(e) && !kept.some((a) => a.workId === w.id && a.expertId === e))
      .map((expertId) => ({ workId: w.id, expertId })),
  );
  return {
    works,
    experts,
    k: inst.round.expertsPerWork,
    bids: inst.round.biddingAllowed ? inst.bids.map((b) => ({ workId: b.workId, expertId: b.expertId, bid: b.bid })) : [],
    locked: kept.map((a) => ({ workId: a.workId, expertId: a.expertId })),
    forbidden: [...inst.assignments.filter((a) => a.declined).map((a) => ({ workId: a.workId, expertId: a.expertId })), ...pausedPairs],
    previous: live.filter((a) => !a.locked && !a.started && !paused(a.expertId)).map((a) => ({ workId: a.workId, expertId: a.expertId })),
  };
}
