import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError, beijingDay, inScope, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import {
  CompetitionsSubject,
  ReferenceSubject,
  type CompetitionDetail,
  type CompetitionFigures,
  type CompetitionFiguresQuery,
  type CompetitionSummary,
  type FigureRow,
  type Lang,
  type RpcRequest,
  type SchoolBrief,
  type SignupDimension,
} from '@cmp/contracts';
import type { CountDimension } from '../model/signup-counts';

interface CountRow {
  dimension: CountDimension;
  key: string;
  label: string;
  labelEn: string;
  count: number;
}

interface SchoolRow {
  id: number;
  name: string;
  nameEn: string;
  provinceCode: string;
  provinceName: string;
  provinceNameEn: string;
}

const byCount = (a: FigureRow, b: FigureRow) => b.count - a.count || a.label.localeCompare(b.label);

/** The figures, read from the model's counts (never from another service's schema). */
@Injectable()
export class FiguresService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  /** One competition's sign-up figures; another organisation's competition is not found. */
  async competition(req: RpcRequest<CompetitionFiguresQuery>): Promise<CompetitionFigures> {
    const id = req.payload.competitionId;
    await this.assertCompetition(req, id);
    const [rows, [state]]: [CountRow[], { appliedAt: Date | null }[]] = await Promise.all([
      this.ds.query(`SELECT dimension, key, label, label_en AS "labelEn", count FROM signup_counts WHERE competition_id = $1 AND count <> 0`, [id]),
      this.ds.query(`SELECT applied_at AS "appliedAt" FROM model_state WHERE id = 1`),
    ]);
    const lang = req.meta?.lang ?? 'zh-CN';
    const of = (dimension: CountDimension) => rows.filter((r) => r.dimension === dimension);
    const sum = (list: CountRow[]) => list.reduce((n, r) => n + r.count, 0);
    const today = beijingDay(new Date());
    const days = (dimension: CountDimension) => of(dimension).map((r) => ({ day: r.key, count: r.count })).sort((a, b) => a.day.localeCompare(b.day));
    const schools = await this.schools(of('school').map((r) => Number(r.key)).filter((n) => n > 0));
    const label = (r: CountRow) => (lang === 'en' && r.labelEn ? r.labelEn : r.label);
    const rowsOf = (dimension: CountDimension, name: (r: CountRow) => string = label): FigureRow[] =>
      of(dimension).map((r) => ({ key: r.key, label: name(r), count: r.count })).sort(byCount);
    const by = {
      event: rowsOf('event'),
      // The school's name as the competitions service has it now (a sign-up may hold only its id).
      school: rowsOf('school', (r) => {
        const s = schools.get(Number(r.key));
        return (lang === 'en' && s?.nameEn) || s?.name || r.label;
      }),
      college: rowsOf('college'),
      major: rowsOf('major'),
      grade: rowsOf('grade'),
      province: this.provinces(of('school'), schools, lang),
    } satisfies Record<SignupDimension, FigureRow[]>;
    return {
      competitionId: id,
      signups: {
        total: sum(of('status')),
        today: sum(of('day').filter((r) => r.key === today)),
        pending: sum(of('status').filter((r) => r.key === '0')),
        byDay: days('day'),
        by,
      },
      works: { submitted: sum(of('workDay')), today: sum(of('workDay').filter((r) => r.key === today)), byDay: days('workDay') },
      updatedAt: state?.appliedAt ? new Date(state.appliedAt).toISOString() : null,
    };
  }

  /** Headline figures of the listed competitions in the caller's organisations (none for one the model has not seen). */
  async summaries(req: RpcRequest<{ ids: number[] }>): Promise<CompetitionSummary[]> {
    const scope = await this.scopes.of(req);
    const ids = [...new Set(req.payload.ids)].slice(0, 100);
    const rows: CompetitionSummary[] = await this.ds.query(
      `SELECT c.id AS "competitionId",
         COALESCE(sum(n.count) FILTER (WHERE n.dimension = 'status'), 0)::int AS signups,
         COALESCE(sum(n.count) FILTER (WHERE n.dimension = 'day' AND n.key = $3), 0)::int AS "signupsToday",
         COALESCE(sum(n.count) FILTER (WHERE n.dimension = 'status' AND n.key = '0'), 0)::int AS pending,
         COALESCE(sum(n.count) FILTER (WHERE n.dimension = 'workDay'), 0)::int AS "worksSubmitted"
       FROM competitions c LEFT JOIN signup_counts n ON n.competition_id = c.id AND n.dimension IN ('status', 'day', 'workDay')
       WHERE c.id = ANY($1::int[]) AND ($2::int[] IS NULL OR c.group_id = ANY($2))
       GROUP BY c.id`,
      [ids, scope, beijingDay(new Date())],
    );
    return rows;
  }

  /** The competition is the caller's: known to the model by its organisation, else asked of its service (which scopes it). */
  private async assertCompetition(req: RpcRequest, id: number): Promise<void> {
    const [known]: { groupId: number }[] = await this.ds.query(`SELECT group_id AS "groupId" FROM competitions WHERE id = $1`, [id]);
    if (known) {
      if (!inScope(await this.scopes.of(req), known.groupId)) throw AppError.notFound('competition.notFound', { id });
      return;
    }
    await this.rpc.request<CompetitionDetail>(CompetitionsSubject.competitionDetail, { ...req, payload: { id } });
  }

  /** Sign-ups by province: each school's count under its province ('' for sign-ups without a school). */
  private provinces(schoolRows: CountRow[], schools: Map<number, SchoolRow>, lang: Lang): FigureRow[] {
    const totals = new Map<string, FigureRow>();
    for (const r of schoolRows) {
      const s = schools.get(Number(r.key));
      const key = s?.provinceCode ?? '';
      const row = totals.get(key) ?? { key, label: s ? (lang === 'en' && s.provinceNameEn) || s.provinceName : '', count: 0 };
      row.count += r.count;
      totals.set(key, row);
    }
    return [...totals.values()].sort(byCount);
  }

  /** Schools' English names and provinces, asked of the competitions service the first time each is seen. */
  private async schools(ids: number[]): Promise<Map<number, SchoolRow>> {
    if (!ids.length) return new Map();
    const known: SchoolRow[] = await this.ds.query(
      `SELECT id, name, name_en AS "nameEn", province_code AS "provinceCode", province_name AS "provinceName", province_name_en AS "provinceNameEn" FROM schools WHERE id = ANY($1::int[])`,
      [ids],
    );
    const missing = ids.filter((id) => !known.some((s) => s.id === id));
    if (missing.length) {
      const asked = await this.rpc
        .request<SchoolBrief[]>(ReferenceSubject.schoolsByIds, { meta: { requestId: randomUUID(), ip: '127.0.0.1', lang: 'zh-CN' }, payload: { ids: missing } })
        .catch(() => [] as SchoolBrief[]); // the figures without provinces rather than none
      if (asked.length) {
        await this.ds.query(
          `INSERT INTO schools (id, name, name_en, province_code, province_name, province_name_en)
           SELECT id, name, "nameEn", "provinceCode", "provinceName", "provinceNameEn"
           FROM jsonb_to_recordset($1::jsonb) AS x(id int, name text, "nameEn" text, "provinceCode" text, "provinceName" text, "provinceNameEn" text)
           ON CONFLICT (id) DO NOTHING`,
          [JSON.stringify(asked)],
        );
        known.push(...asked);
      }
    }
    return new Map(known.map((s) => [s.id, s]));
  }
}
