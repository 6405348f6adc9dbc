import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError, beijingDay, callerOf, inScope, pageOf, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import {
  CompetitionsSubject,
  DEFAULT_AWARD_LEVELS,
  FIGURE_ROWS_EXPORT_MAX,
  ReferenceSubject,
  type CompetitionDetail,
  type AwardFigures,
  type CompetitionFigures,
  type CompetitionFiguresQuery,
  type CompetitionSummary,
  type ReviewProgressRow,
  type ReviewRoundFigures,
  type FeeDay,
  type FeeFigures,
  type FigureExport,
  type FigureRow,
  type FigureSignupQuery,
  type FigureSignupRow,
  type OrganisationFigures,
  type Page,
  type Lang,
  type RpcRequest,
  type SchoolBrief,
  type SignupDimension,
  SignupStatus,
} from '@cmp/contracts';
import type { CountDimension } from '../model/signup-counts';
import { FigureVersions } from './figure-versions';
import { KeptFigures } from './kept-figures';

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

/** What each figure's bar key is compared with (s: the sign-up, sc: its school), as text: no input ever fails a cast. */
const BAR_KEY: Record<FigureExport, string> = {
  day: `to_char(s.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`,
  workDay: `to_char(s.work_submitted_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`,
  event: `s.item_id::text`,
  school: `COALESCE(s.school_id::text, '')`,
  college: `COALESCE(s.college, '')`,
  major: `COALESCE(s.major, '')`,
  grade: `COALESCE(s.grade, '')`,
  province: `COALESCE(sc.province_code, '')`,
};

/** A competition's fee figures from its days. */
function feeFigures(days: FeeDay[], today: string): FeeFigures {
  const total = (k: keyof Omit<FeeDay, 'day'>) => days.reduce((n, d) => n + d[k], 0);
  const todays = days.find((d) => d.day === today);
  return {
    paidCount: total('paidCount'),
    paidFen: total('paidFen'),
    refundCount: total('refundCount'),
    refundedFen: total('refundedFen'),
    netFen: total('paidFen') - total('refundedFen'),
    today: { paidFen: todays?.paidFen ?? 0, refundedFen: todays?.refundedFen ?? 0 },
    byDay: days,
  };
}

/** Awarded sign-ups of one level and school. */
interface AwardRow {
  level: string;
  levelEn: string;
  rank: number;
  school: string;
  schoolName: string | null;
  count: number;
}

/** Assignments of one round, review group and expert. */
interface ReviewPart {
  roundId: number;
  roundName: string;
  groupName: string;
  expertId: number;
  expertName: string;
  assigned: number;
  submitted: number;
  totalSum: number;
}

/** A work in a round: its queue state and votes. */
interface RoundWorkRow {
  roundId: number;
  roundName: string;
  workId: number;
  title: string;
  scene: string | null;
  checkedIn: boolean;
  late: boolean;
  votes: number;
  lateVotes: number;
}

/** The submitted sheets of one round in one band of 10. */
interface ScoreBand {
  roundId: number;
  band: number;
  count: number;
}

/** A round's final scores: the version they come from and its works per band. */
interface RoundScoreRow {
  roundId: number;
  roundName: string;
  versionNumber: number;
  published: boolean;
  bands: { band: number; count: number }[];
}

/**
 * Parts added up per round, group and expert; score bands per round (the final scores' where the round has a score
 * version, else the submitted sheets'); the rounds' works' votes and check-ins.
 */
function reviewFigures(parts: ReviewPart[], sheetBands: ScoreBand[], works: RoundWorkRow[], versions: RoundScoreRow[]): ReviewRoundFigures[] {
  const rounds = new Map<number, ReviewRoundFigures & { sums: Map<string, number> }>();
  const roundOf = (id: number, name: string) => {
    const round = rounds.get(id) ?? {
      roundId: id, roundName: name, assigned: 0, submitted: 0, byGroup: [], byExpert: [], scores: [], scoreVersion: null,
      votes: { total: 0, late: 0, top: [] as FigureRow[] }, checkIn: null, sums: new Map(),
    };
    rounds.set(id, round);
    return round;
  };
  const add = <R extends ReviewProgressRow>(rows: R[], key: string, label: string, p: ReviewPart, extra?: Omit<R, keyof ReviewProgressRow>) => {
    let row = rows.find((r) => r.key === key);
    if (!row) rows.push((row = { key, label, assigned: 0, submitted: 0, ...extra } as R));
    row.assigned += p.assigned;
    row.submitted += p.submitted;
  };
  for (const p of parts) {
    const round = roundOf(p.roundId, p.roundName);
    round.assigned += p.assigned;
    round.submitted += p.submitted;
    add(round.byGroup, p.groupName, p.groupName, p);
    add(round.byExpert, String(p.expertId), p.expertName, p, { average: null });
    round.sums.set(String(p.expertId), (round.sums.get(String(p.expertId)) ?? 0) + p.totalSum);
  }
  const mostAssigned = (a: ReviewProgressRow, b: ReviewProgressRow) => b.assigned - a.assigned || a.label.localeCompare(b.label);
  const scored = new Map(versions.map((v) => [v.roundId, v]));
  for (const b of sheetBands) if (!scored.has(b.roundId)) rounds.get(b.roundId)?.scores.push({ key: String(b.band), label: String(b.band), count: b.count });
  for (const v of versions) {
    const round = roundOf(v.roundId, v.roundName);
    round.scoreVersion = { number: v.versionNumber, published: v.published };
    round.scores = [...v.bands].sort((a, b) => a.band - b.band).map((b) => ({ key: String(b.band), label: String(b.band), count: b.count }));
  }
  for (const w of works) {
    const round = roundOf(w.roundId, w.roundName);
    round.votes.total += w.votes;
    round.votes.late += w.lateVotes;
    if (w.votes) round.votes.top.push({ key: String(w.workId), label: w.title, count: w.votes });
    if (!w.scene) continue;
    const c = (round.checkIn ??= { queued: 0, checkedIn: 0, late: 0, absent: 0, presented: 0 });
    c.queued += 1;
    c.checkedIn += Number(w.checkedIn);
    c.late += Number(w.checkedIn && w.late);
    c.absent += Number(w.scene === 'absent');
    c.presented += Number(w.scene === 'done');
  }
  return [...rounds.values()]
    .sort((a, b) => a.roundId - b.roundId)
    .map(({ sums, ...r }) => ({
      ...r,
      votes: { ...r.votes, top: r.votes.top.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, 10) },
      byGroup: r.byGroup.sort(mostAssigned),
      byExpert: r.byExpert
        .map((e) => ({ ...e, average: e.submitted ? Math.round((sums.get(e.key)! / e.submitted) * 100) / 100 : null }))
        .sort(mostAssigned),
    }));
}

/** Where a level stands among the default levels (特等奖 first); other levels after them. */
const levelOrder = (level: string) => {
  const i = DEFAULT_AWARD_LEVELS.findIndex((d) => d.name === level);
  return i < 0 ? DEFAULT_AWARD_LEVELS.length : i;
};

/** Awards by level (best first: the default levels' order, then the best rank each was given with) and by school (most first). */
function awardFigures(rows: AwardRow[], schoolName: (key: string, fallback: string) => string, lang: Lang): AwardFigures {
  const levels = new Map<string, FigureRow & { rank: number }>();
  const schools = new Map<string, AwardFigures['bySchool'][number]>();
  for (const r of rows) {
    const level = levels.get(r.level) ?? { key: r.level, label: (lang === 'en' && r.levelEn) || r.level, count: 0, rank: r.rank };
    level.count += r.count;
    level.rank = Math.min(level.rank, r.rank);
    levels.set(r.level, level);
    const school = schools.get(r.school) ?? { key: r.school, label: schoolName(r.school, r.schoolName ?? ''), total: 0, levels: {} };
    school.total += r.count;
    school.levels[r.level] = (school.levels[r.level] ?? 0) + r.count;
    schools.set(r.school, school);
  }
  return {
    total: rows.reduce((n, r) => n + r.count, 0),
    byLevel: [...levels.values()].sort((a, b) => levelOrder(a.key) - levelOrder(b.key) || a.rank - b.rank || a.key.localeCompare(b.key)).map(({ rank: _, ...l }) => l),
    bySchool: [...schools.values()].sort((a, b) => b.total - a.total || a.label.localeCompare(b.label)),
  };
}

const byCount = (a: FigureRow, b: FigureRow) => b.count - a.count || a.label.localeCompare(b.label);

/** The figures, read from the model's counts (never from another service's schema). */
@Injectable()
export class FiguresService {
  /** Competitions' figures per language and day, for their version. */
  private readonly kept = new KeptFigures<CompetitionFigures>(2000);
  /** Competitions' headline figures per day, for their version. */
  private readonly keptSummaries = new KeptFigures<CompetitionSummary>(5000);

  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    private readonly versions: FigureVersions,
  ) {}

  /**
   * One competition's sign-up figures; another organisation's competition is not found. Answered from the figures
   * kept for the competition's current version (figure_versions) when there are some, else computed and kept: a
   * fact applied to the competition gives it a new version in the same transaction, so what is kept is never
   * answered after the model changed it. The caller's scope is checked on every request (kept per organisation,
   * common/caller.ts), and the competition's organisation and version are kept per replica until the model changes
   * them (FigureVersions): a kept read asks neither the auth service nor the database.
   */
  async competition(req: RpcRequest<CompetitionFiguresQuery>): Promise<CompetitionFigures> {
    const id = req.payload.competitionId;
    const lang = req.meta?.lang ?? 'zh-CN';
    // The scope asked beside the version: both are needed (a competition the model does not know is asked of its service).
    const scope = this.scopes.of(req);
    scope.catch(() => undefined);
    const { known, updatedAt } = await this.versions.of([id]);
    const state = known.get(id);
    if (!state) await this.assertCompetition(req, id);
    else if (!inScope(await scope, state.groupId)) throw AppError.notFound('competition.notFound', { id });
    const figures = await this.kept.get(`${id}|${lang}|${beijingDay(new Date())}`, state?.version ?? '', () => this.computed(id, lang));
    return { ...figures, updatedAt };
  }

  /** One competition's figures, unscoped (the report worker, for a report its caller was allowed to ask for). */
  async figuresOf(competitionId: number, lang: Lang): Promise<CompetitionFigures> {
    return (await this.computed(competitionId, lang)).value;
  }

  /** One competition's figures as the model holds them now; keepable unless a school's name or province was not found. */
  private async computed(competitionId: number, lang: Lang): Promise<{ value: CompetitionFigures; keep: boolean }> {
    const [figures, review] = await Promise.all([this.figures([competitionId], lang), this.review(competitionId)]);
    const { schoolsComplete, ...rest } = figures;
    return { value: { competitionId, ...rest, review }, keep: schoolsComplete };
  }

  /**
   * The figures of every competition of the caller's organisations (their subordinates included, all for ROOT), with
   * each competition's headline figures. Events are merged by name across competitions.
   */
  async organisation(req: RpcRequest): Promise<OrganisationFigures> {
    const scope = await this.scopes.of(req);
    const ids: number[] = (await this.ds.query(`SELECT id FROM competitions WHERE $1::int[] IS NULL OR group_id = ANY($1) ORDER BY id`, [scope])).map((r: { id: number }) => r.id);
    const [{ schoolsComplete: _, ...figures }, competitions] = await Promise.all([this.figures(ids, req.meta?.lang ?? 'zh-CN'), this.summaries({ ...req, payload: { ids } }, Infinity)]);
    const events = new Map<string, FigureRow>();
    for (const r of figures.signups.by.event) events.set(r.label, { key: r.label, label: r.label, count: (events.get(r.label)?.count ?? 0) + r.count });
    return {
      ...figures,
      signups: { ...figures.signups, by: { ...figures.signups.by, event: [...events.values()].sort(byCount) } },
      // Rounds are per competition: 云统计 shows them on a competition's figures.
      review: [],
      competitions: competitions.filter((c) => c.signups > 0).sort((a, b) => b.signups - a.signups || a.competitionId - b.competitionId),
    };
  }

  /** The figures of these competitions together. */
  private async figures(ids: number[], lang: Lang): Promise<Omit<CompetitionFigures, 'competitionId' | 'review'> & { schoolsComplete: boolean }> {
    const [rows, fees, awards, [state]]: [CountRow[], FeeDay[], AwardRow[], { appliedAt: Date | null }[]] = await Promise.all([
      this.ds.query(
        `SELECT dimension, key, max(label) AS label, max(label_en) AS "labelEn", sum(count)::int AS count
         FROM signup_counts WHERE competition_id = ANY($1::int[]) AND count <> 0 GROUP BY dimension, key`,
        [ids],
      ),
      this.ds.query(
        `SELECT day,
           COALESCE(sum(count) FILTER (WHERE dimension = 'paidDay'), 0)::int AS "paidCount", COALESCE(sum(fen) FILTER (WHERE dimension = 'paidDay'), 0)::float8 AS "paidFen",
           COALESCE(sum(count) FILTER (WHERE dimension = 'refundDay'), 0)::int AS "refundCount", COALESCE(sum(fen) FILTER (WHERE dimension = 'refundDay'), 0)::float8 AS "refundedFen"
         FROM fee_counts WHERE competition_id = ANY($1::int[]) AND (count <> 0 OR fen <> 0) GROUP BY day ORDER BY day`,
        [ids],
      ),
      // Only the awarded sign-ups are read (a partial index holds them).
      this.ds.query(
        `SELECT a.level, max(a."levelEn") AS "levelEn", min(a.rank)::int AS rank, COALESCE(s.school_id::text, '') AS school, max(s.school_name) AS "schoolName", count(*)::int AS count
         FROM signups s CROSS JOIN LATERAL jsonb_to_recordset(s.awards) AS a(level text, "levelEn" text, rank int)
         WHERE s.competition_id = ANY($1::int[]) AND s.awards <> '[]'::jsonb AND s.status = ANY($2::smallint[])
         GROUP BY a.level, school`,
        [ids, [SignupStatus.pending, SignupStatus.approved]],
      ),
      this.ds.query(`SELECT applied_at AS "appliedAt" FROM model_state WHERE id = 1`),
    ]);
    const of = (dimension: CountDimension) => rows.filter((r) => r.dimension === dimension);
    const sum = (list: CountRow[]) => list.reduce((n, r) => n + r.count, 0);
    const today = beijingDay(new Date());
    const days = (dimension: CountDimension) => of(dimension).map((r) => ({ day: r.key, count: r.count })).sort((a, b) => a.day.localeCompare(b.day));
    const schoolIds = [...of('school').map((r) => Number(r.key)), ...awards.map((a) => Number(a.school))].filter((n) => n > 0);
    const schools = await this.schools(schoolIds);
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
      signups: {
        total: sum(of('status')),
        today: sum(of('day').filter((r) => r.key === today)),
        pending: sum(of('status').filter((r) => r.key === '0')),
        byDay: days('day'),
        by,
      },
      works: { submitted: sum(of('workDay')), today: sum(of('workDay').filter((r) => r.key === today)), byDay: days('workDay') },
      fees: feeFigures(fees, today),
      awards: awardFigures(awards, (key, fallback) => {
        const s = schools.get(Number(key));
        return (lang === 'en' && s?.nameEn) || s?.name || fallback;
      }, lang),
      updatedAt: state?.appliedAt ? new Date(state.appliedAt).toISOString() : null,
      schoolsComplete: schoolIds.every((id) => schools.has(id)),
    };
  }

  /**
   * A competition's review rounds: progress per group and expert, and the scores in bands of 10: a round's final
   * scores where a score version was computed (the published one, else the latest), else its submitted sheets' totals.
   */
  private async review(competitionId: number): Promise<ReviewRoundFigures[]> {
    const [parts, sheetBands, works, versions]: [ReviewPart[], ScoreBand[], RoundWorkRow[], RoundScoreRow[]] = await Promise.all([
      this.ds.query(
        `SELECT round_id AS "roundId", max(round_name) AS "roundName", review_group_name AS "groupName", expert_id AS "expertId", max(expert_name) AS "expertName",
           count(*)::int AS assigned, count(*) FILTER (WHERE sheet = 'submitted')::int AS submitted, COALESCE(sum(total) FILTER (WHERE sheet = 'submitted'), 0)::float8 AS "totalSum"
         FROM assignments WHERE competition_id = $1 AND live GROUP BY round_id, review_group_name, expert_id`,
        [competitionId],
      ),
      this.ds.query(
        `SELECT round_id AS "roundId", (floor(total / 10) * 10)::int AS band, count(*)::int AS count
         FROM assignments WHERE competition_id = $1 AND live AND sheet = 'submitted' AND total IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
        [competitionId],
      ),
      this.ds.query(
        `SELECT round_id AS "roundId", round_name AS "roundName", work_id AS "workId", title, scene, checked_in AS "checkedIn", late, votes, late_votes AS "lateVotes"
         FROM round_works WHERE competition_id = $1 AND live`,
        [competitionId],
      ),
      this.ds.query(
        `SELECT id::int AS "roundId", round_name AS "roundName", version_number AS "versionNumber", published, bands
         FROM round_scores WHERE competition_id = $1 AND live AND version_id IS NOT NULL`,
        [competitionId],
      ),
    ]);
    return reviewFigures(parts, sheetBands, works, versions);
  }

  /**
   * Headline figures of the listed competitions in the caller's organisations (none for one the model has not seen),
   * each kept for its competition's version and the day as the competition figures are.
   */
  async summaries(req: RpcRequest<{ ids: number[] }>, most = 100): Promise<CompetitionSummary[]> {
    const scope = this.scopes.of(req);
    scope.catch(() => undefined);
    const ids = [...new Set(req.payload.ids)].slice(0, most);
    const { known: byId } = await this.versions.of(ids);
    const known = ids.flatMap((id) => {
      const k = byId.get(id);
      return k ? [{ id, ...k }] : [];
    });
    const allowed = await scope;
    const today = beijingDay(new Date());
    const listed = known.filter((c) => inScope(allowed, c.groupId));
    const missing = listed.filter((c) => !this.keptSummaries.peek(`${c.id}|${today}`, c.version ?? ''));
    // The competitions not kept are counted together, then kept one by one.
    const counted = missing.length ? this.summaryRows(missing.map((c) => c.id), today) : Promise.resolve([] as CompetitionSummary[]);
    return Promise.all(
      listed.map((c) =>
        this.keptSummaries.get(`${c.id}|${today}`, c.version ?? '', async () => {
          const row = (await counted).find((r) => r.competitionId === c.id);
          return { value: row ?? { competitionId: c.id, signups: 0, signupsToday: 0, pending: 0, worksSubmitted: 0, feesNetFen: 0 }, keep: !!row };
        }),
      ),
    );
  }

  /** Headline figures of these competitions, counted on the model. */
  private summaryRows(ids: number[], today: string): Promise<CompetitionSummary[]> {
    return this.ds.query(
      `SELECT c.id AS "competitionId",
         COALESCE(sum(n.count) FILTER (WHERE n.dimension = 'status'), 0)::int AS signups,
         COALESCE(sum(n.count) FILTER (WHERE n.dimension = 'day' AND n.key = $2), 0)::int AS "signupsToday",
         COALESCE(sum(n.count) FILTER (WHERE n.dimension = 'status' AND n.key = '0'), 0)::int AS pending,
         COALESCE(sum(n.count) FILTER (WHERE n.dimension = 'workDay'), 0)::int AS "worksSubmitted",
         (SELECT COALESCE(sum(CASE f.dimension WHEN 'paidDay' THEN f.fen ELSE -f.fen END), 0) FROM fee_counts f WHERE f.competition_id = c.id)::float8 AS "feesNetFen"
       FROM competitions c LEFT JOIN signup_counts n ON n.competition_id = c.id AND n.dimension IN ('status', 'day', 'workDay')
       WHERE c.id = ANY($1::int[])
       GROUP BY c.id`,
      [ids, today],
    );
  }

  /**
   * 数据预览: the counted sign-ups under one bar of a figure, newest first. Rows are for the competition's own
   * organisation (and ROOT): a superior organisation reads its subordinates' figures, not their sign-ups.
   */
  async signupRows(req: RpcRequest<FigureSignupQuery>): Promise<Page<FigureSignupRow>> {
    const q = req.payload;
    const groupId = await this.assertCompetition(req, q.competitionId);
    if ((await this.scopes.of(req)) !== null && groupId !== callerOf(req).groupId) throw AppError.noAccess('statistics.ownRowsOnly');
    if ((q.dimension === undefined) !== (q.key === undefined)) throw AppError.badRequest('statistics.figureKey');
    // Provinces and English names of the competition's schools (asked of the competitions service if still unknown).
    const schoolIds: { id: number }[] = await this.ds.query(`SELECT DISTINCT school_id AS id FROM signups WHERE competition_id = $1 AND school_id IS NOT NULL`, [q.competitionId]);
    await this.schools(schoolIds.map((r) => r.id));
    const { pageNum, pageSize, offset } = q.all ? { pageNum: 1, pageSize: FIGURE_ROWS_EXPORT_MAX, offset: 0 } : pageOf(q);
    const en = req.meta?.lang === 'en';
    const params: unknown[] = [q.competitionId, [SignupStatus.pending, SignupStatus.approved]];
    const where = ['s.competition_id = $1', 's.status = ANY($2::smallint[])'];
    const and = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (q.dimension) and(`${BAR_KEY[q.dimension]} = ?`, q.key);
    if (q.status !== undefined) and('s.status = ?', q.status);
    if (q.payStatus !== undefined) and('s.pay_status = ?', q.payStatus);
    if (q.workSubmitted !== undefined) where.push(q.workSubmitted ? 's.work_submitted_at IS NOT NULL' : 's.work_submitted_at IS NULL');
    const from = `FROM signups s LEFT JOIN schools sc ON sc.id = s.school_id WHERE ${where.join(' AND ')}`;
    const filters = [...params];
    params.push(pageSize, offset);
    const rows: (FigureSignupRow & { total: number })[] = await this.ds.query(
      `SELECT s.id::int, ${en ? `COALESCE(NULLIF(s.item_name_en, ''), s.item_name)` : 's.item_name'} AS "itemName",
         COALESCE(${en ? `NULLIF(sc.name_en, ''), ` : ''}sc.name, s.school_name, '') AS "schoolName",
         COALESCE(${en ? `NULLIF(sc.province_name_en, ''), ` : ''}sc.province_name, '') AS "provinceName",
         COALESCE(s.college, '') AS college, COALESCE(s.major, '') AS major, COALESCE(s.grade, '') AS grade,
         s.status, s.pay_status AS "payStatus", s.fee_fen AS "feeFen", s.created_at AS "createdAt", s.work_submitted_at AS "workSubmittedAt",
         count(*) OVER ()::int AS total
       ${from}
       ORDER BY s.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    // A page past the end still says how many there are.
    const total = rows[0]?.total ?? (offset ? ((await this.ds.query(`SELECT count(*)::int AS n ${from}`, filters)) as { n: number }[])[0].n : 0);
    return { list: rows.map(({ total: _, ...r }) => r), total, pageNum, pageSize };
  }

  /** The competition is the caller's: known to the model by its organisation, else asked of its service (which scopes it). Its organisation. */
  private async assertCompetition(req: RpcRequest, id: number): Promise<number> {
    const [known]: { groupId: number }[] = await this.ds.query(`SELECT group_id AS "groupId" FROM competitions WHERE id = $1`, [id]);
    if (known) {
      if (!inScope(await this.scopes.of(req), known.groupId)) throw AppError.notFound('competition.notFound', { id });
      return known.groupId;
    }
    return (await this.rpc.request<CompetitionDetail>(CompetitionsSubject.competitionDetail, { ...req, payload: { id } })).groupId;
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
