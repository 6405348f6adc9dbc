import type { CompetitionDetail } from '@cmp/contracts';
import { sql } from './enroll';

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
