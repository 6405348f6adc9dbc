import type { DataSource, EntityManager } from 'typeorm';
import type { CompetitionDetail, CompetitionItem, ScheduleEntry, Stage } from '@cmp/contracts';
import { DETAIL_COLUMNS, ITEM_COLUMNS, STAGE_COLUMNS } from './competition.sql';

type Db = DataSource | EntityManager;

interface DetailRow extends Omit<CompetitionDetail, 'items' | 'stages' | 'enroll' | 'workSubmit' | 'review'> {
  mode: CompetitionDetail['enroll']['mode'];
  teamMin: number;
  teamMax: number;
  teacherMax: number;
  schoolQuota: number | null;
  requiredFields: CompetitionDetail['enroll']['requiredFields'];
  submitStartAt: string | null;
  submitEndAt: string | null;
  reviewRounds: CompetitionDetail['review']['rounds'];
}

/** A competition with its events, stages and settings, or undefined. `where` narrows by extra conditions. */
export async function loadDetail(db: Db, id: number, where = 'TRUE', params: unknown[] = []): Promise<CompetitionDetail | undefined> {
  const [row]: DetailRow[] = await db.query(`SELECT ${DETAIL_COLUMNS} FROM competitions c WHERE c.id = $1 AND ${where}`, [id, ...params]);
  if (!row) return undefined;
  const [items, stages, quotas, files] = await Promise.all([
    db.query(`SELECT ${ITEM_COLUMNS} FROM competition_items WHERE competition_id = $1 ORDER BY order_num, id`, [id]) as Promise<CompetitionItem[]>,
    db.query(`SELECT ${STAGE_COLUMNS} FROM competition_stages WHERE competition_id = $1 ORDER BY order_num, start_at, id`, [id]) as Promise<Stage[]>,
    db.query(`SELECT school_id AS "schoolId", quota FROM competition_school_quotas WHERE competition_id = $1 ORDER BY school_id`, [id]),
    db.query(
      `SELECT id AS "itemId", file_types AS "fileTypes", max_file_mb AS "maxFileMb", max_files AS "maxFiles"
         FROM competition_items WHERE competition_id = $1 ORDER BY order_num, id`,
      [id],
    ),
  ]);
  const { mode, teamMin, teamMax, teacherMax, schoolQuota, requiredFields, submitStartAt, submitEndAt, reviewRounds, ...base } = row;
  return {
    ...base,
    items,
    stages,
    enroll: { competitionId: id, startAt: row.enrollStartAt, endAt: row.enrollEndAt, mode, teamMin, teamMax, teacherMax, schoolQuota, schoolQuotas: quotas, requiredFields },
    workSubmit: { competitionId: id, startAt: submitStartAt, endAt: submitEndAt, items: files },
    review: { competitionId: id, rounds: reviewRounds },
  };
}

/** The timeline of a competition: sign-up window, submission window and stages, by start time. */
export function scheduleOf(d: CompetitionDetail): ScheduleEntry[] {
  const entries: ScheduleEntry[] = [];
  if (d.enroll.startAt && d.enroll.endAt) {
    entries.push({ kind: 'enroll', name: '报名', nameEn: 'Sign-up', startAt: d.enroll.startAt, endAt: d.enroll.endAt });
  }
  if (d.workSubmit.startAt && d.workSubmit.endAt) {
    entries.push({ kind: 'submit', name: '作品提交', nameEn: 'Work submission', startAt: d.workSubmit.startAt, endAt: d.workSubmit.endAt });
  }
  for (const s of d.stages) entries.push({ kind: 'stage', name: s.name, nameEn: s.nameEn, startAt: s.startAt, endAt: s.endAt, stageId: s.id });
  return entries.sort((a, b) => new Date(a.startAt).getTime() - new Date(b.startAt).getTime());
}
