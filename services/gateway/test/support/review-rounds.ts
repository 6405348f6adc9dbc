import type { CompetitionDetail } from '@cmp/contracts';
import { makeCompetition, sql } from './enroll';

const one = async <T>(text: string, params: unknown[]): Promise<T> => (await sql<T>(text, params))[0];

/**
 * A review round of a competition as the review service keeps it (its tables written directly; its triggers publish
 * the assignment facts as for any change): each expert assigned the works listed, in review group `groupName` (works
 * listed in `ungrouped` in none), a sheet per assignment as given: a total (submitted), 'draft', or none.
 */
export async function reviewRound(
  c: Pick<CompetitionDetail, 'id' | 'groupId'>,
  o: { name: string; groupName: string; ungrouped?: number[]; sheets: Record<string, Record<number, number | 'draft' | null>> },
): Promise<{ roundId: number; groupId: number; experts: Record<string, number>; assignments: Record<string, Record<number, number>> }> {
  const round = await one<{ id: number }>(`INSERT INTO review.rounds (group_id, competition_id, name, status) VALUES ($1, $2, $3, 'open') RETURNING id`, [c.groupId, c.id, o.name]);
  const group = await one<{ id: number }>(`INSERT INTO review.review_groups (round_id, name) VALUES ($1, $2) RETURNING id`, [round.id, o.groupName]);
  const works = [...new Set(Object.values(o.sheets).flatMap((s) => Object.keys(s).map(Number)))];
  for (const w of works) await sql(`INSERT INTO review.round_works (round_id, work_id, review_group_id) VALUES ($1, $2, $3)`, [round.id, w, o.ungrouped?.includes(w) ? null : group.id]);
  const experts: Record<string, number> = {};
  const assignments: Record<string, Record<number, number>> = {};
  for (const [name, sheets] of Object.entries(o.sheets)) {
    experts[name] = (await one<{ id: number }>(`INSERT INTO review.experts (group_id, name) VALUES ($1, $2) RETURNING id`, [c.groupId, name])).id;
    assignments[name] = {};
    for (const [work, sheet] of Object.entries(sheets)) {
      const a = await one<{ id: number }>(`INSERT INTO review.assignments (round_id, work_id, expert_id) VALUES ($1, $2, $3) RETURNING id`, [round.id, Number(work), experts[name]]);
      assignments[name][Number(work)] = a.id;
      if (sheet === null) continue;
      await sql(
        `INSERT INTO review.score_sheets (assignment_id, status, total, submitted_at) VALUES ($1, $2::text, $3, CASE WHEN $2::text = 'submitted' THEN now() END)`,
        [a.id, sheet === 'draft' ? 'draft' : 'submitted', sheet === 'draft' ? null : sheet],
      );
    }
  }
  return { roundId: round.id, groupId: group.id, experts, assignments };
}

/**
 * 专家管理's case: a competition of admin's with round 初评 (two experts per work) whose group 一组 has three experts on
 * works `base`, `base`+1, `base`+2 (titled W<id>): 专家甲 on all three (scored the first, a draft of the second, the
 * third not begun), 专家乙 on the first, 专家丙 on the second. A captain returned 专家甲's first sheet once, 专家甲
 * declared a conflict, and the latest calculation found 专家甲 8.5 points above the others, out of line.
 */
export async function threeExpertsRound(admin: string, base: number) {
  const [w1, w2, w3] = [base, base + 1, base + 2];
  const c = await makeCompetition(admin, { name: `专家管理赛 ${base}` });
  const round = await reviewRound(c, { name: '初评', groupName: '一组', sheets: { 专家甲: { [w1]: 80, [w2]: 'draft', [w3]: null }, 专家乙: { [w1]: 70 }, 专家丙: { [w2]: 75 } } });
  await sql(`UPDATE review.round_works SET title = 'W' || work_id WHERE round_id = $1`, [round.roundId]);
  await sql(`UPDATE review.rounds SET experts_per_work = 2 WHERE id = $1`, [round.roundId]);
  for (const id of Object.values(round.experts)) await sql(`INSERT INTO review.group_experts (group_id, round_id, expert_id) VALUES ($1, $2, $3)`, [round.groupId, round.roundId, id]);
  const [{ id: sheetId }] = await sql<{ id: number }>(`SELECT id FROM review.score_sheets WHERE assignment_id = $1`, [round.assignments['专家甲'][w1]]);
  await sql(`INSERT INTO review.sheet_history (sheet_id, action, reason) VALUES ($1, 'return', '请补充评语')`, [sheetId]);
  await sql(`INSERT INTO review.expert_conflicts (expert_id, kind, value) VALUES ($1, 'school', '某某大学')`, [round.experts['专家甲']]);
  const [{ id: versionId }] = await sql<{ id: number }>(
    `INSERT INTO review.score_versions (round_id, number, params, checksum, status, finished_at) VALUES ($1, 1, '{}', repeat('a', 64), 'done', now()) RETURNING id`,
    [round.roundId],
  );
  await sql(
    `INSERT INTO review.expert_calibrations (version_id, expert_id, count, mean, spread, shrunk_mean, shrunk_spread, outlier, offset_to_others, shared_works, round_spread)
     VALUES ($1, $2, 2, 80, 5, 79, 5, true, 8.5, 1, 4)`,
    [versionId, round.experts['专家甲']],
  );
  return { round, competitionId: c.id, competitionName: c.name };
}
