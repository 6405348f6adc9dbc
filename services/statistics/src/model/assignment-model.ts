import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AssignmentFact } from '@cmp/contracts';
import { FactModel, isoTime } from './fact-model';
import { FigureChanges } from './figure-changes';

const FACT_COLUMNS = `id::float8 AS id, gone, competition_id AS "competitionId", group_id AS "groupId", round_id AS "roundId", round_name AS "roundName",
  review_group_id AS "reviewGroupId", review_group_name AS "reviewGroupName", expert_id AS "expertId", expert_name AS "expertName", live, sheet,
  total::float8 AS total, submitted_at AS "submittedAt", version::float8 AS version`;

const FACT_RECORD = `x(id bigint, gone boolean, "competitionId" int, "groupId" int, "roundId" int, "roundName" text, "reviewGroupId" int, "reviewGroupName" text,
  "expertId" int, "expertName" text, live boolean, sheet text, total numeric, "submittedAt" timestamptz, version bigint)`;

const SHEETS = ['none', 'draft', 'submitted', 'returned'];

/**
 * Assignment facts (review.assignment.changed): each assignment kept as last told, its round, review group, expert
 * and sheet; the review figures count them when asked (a competition has thousands, not millions). An assignment
 * taken back stays as a gone row, so an older fact arriving after it changes nothing.
 */
@Injectable()
export class AssignmentModel extends FactModel<AssignmentFact> {
  protected readonly epochColumn = 'assignment_epoch';
  protected readonly lockClass = 7003;

  constructor(ds: DataSource, changes: FigureChanges) {
    super(ds, changes);
  }

  protected isFact(f: AssignmentFact | null | undefined): f is AssignmentFact {
    if (!f || ![f.id, f.version].every(Number.isInteger) || typeof f.epoch !== 'string') return false;
    return (
      f.gone === true ||
      ([f.competitionId, f.groupId, f.roundId, f.expertId].every(Number.isInteger) &&
        typeof f.live === 'boolean' &&
        SHEETS.includes(f.sheet) &&
        (f.total === null || typeof f.total === 'number'))
    );
  }

  protected async stored(m: EntityManager, ids: number[]): Promise<AssignmentFact[]> {
    const rows: AssignmentFact[] = await m.query(`SELECT ${FACT_COLUMNS} FROM assignments WHERE id = ANY($1::bigint[])`, [ids]);
    return rows.map((a) => ({ ...a, submittedAt: isoTime(a.submittedAt) }));
  }

  protected async write(m: EntityManager, changes: { after: AssignmentFact }[]): Promise<void> {
    // A gone assignment keeps only its id and version: it counts nowhere.
    const facts = changes.map(({ after: f }) => (f.gone ? { id: f.id, gone: true, live: false, sheet: 'none', version: f.version } : { ...f, gone: false }));
    await m.query(
      `INSERT INTO assignments (id, gone, competition_id, group_id, round_id, round_name, review_group_id, review_group_name, expert_id, expert_name, live, sheet, total, submitted_at, version)
       SELECT id, gone, "competitionId", "groupId", "roundId", left(COALESCE("roundName", ''), 100), "reviewGroupId", left(COALESCE("reviewGroupName", ''), 50),
              "expertId", left(COALESCE("expertName", ''), 50), live, sheet, total, "submittedAt", version
       FROM jsonb_to_recordset($1::jsonb) AS ${FACT_RECORD}
       ON CONFLICT (id) DO UPDATE SET gone = EXCLUDED.gone, competition_id = EXCLUDED.competition_id, group_id = EXCLUDED.group_id, round_id = EXCLUDED.round_id,
         round_name = EXCLUDED.round_name, review_group_id = EXCLUDED.review_group_id, review_group_name = EXCLUDED.review_group_name, expert_id = EXCLUDED.expert_id,
         expert_name = EXCLUDED.expert_name, live = EXCLUDED.live, sheet = EXCLUDED.sheet, total = EXCLUDED.total, submitted_at = EXCLUDED.submitted_at, version = EXCLUDED.version`,
      [JSON.stringify(facts)],
    );
  }
}
