import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, likePattern, NatsRpcClient, pageOf, RPC, Scopes } from '@cmp/common';
import {
  AuthSubject,
  CompetitionStatus,
  type Competition,
  type CompetitionDetail,
  type Option,
  type Page,
  type PublicCompetitionQuery,
  type RpcRequest,
  type ScheduleEntry,
  type Stage,
} from '@cmp/contracts';
import { publicGroupOf } from '../public-group';
import { COMPETITION_COLUMNS, PHASE } from './competition.sql';
import { loadDetail, scheduleOf } from './competition.store';

const VISIBLE = `c.status IN (${CompetitionStatus.published}, ${CompetitionStatus.archived})`;
const LISTED = `c.status = ${CompetitionStatus.published}`;

type SiteQuery = { groupId?: number; host?: string };

/** What visitors of an organisation's public site see: published competitions only. */
@Injectable()
export class PublicCompetitionService {
  constructor(
    private readonly ds: DataSource,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    private readonly scopes: Scopes,
  ) {}

  async page(req: RpcRequest<PublicCompetitionQuery>): Promise<Page<Competition>> {
    const groupId = await publicGroupOf(this.rpc, req);
    const { keyword, phase } = req.payload;
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const where = `${LISTED} AND c.group_id = $1 AND ($2::text IS NULL OR c.name ILIKE $2 OR c.name_en ILIKE $2 OR c.summary ILIKE $2)
      AND ($3::text IS NULL OR ${PHASE} = $3)`;
    const params = [groupId, likePattern(keyword), phase ?? null];
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(`SELECT ${COMPETITION_COLUMNS} FROM competitions c WHERE ${where} ORDER BY c.published_at DESC, c.id DESC LIMIT $4 OFFSET $5`, [
        ...params,
        pageSize,
        offset,
      ]),
      this.ds.query(`SELECT count(*)::int AS total FROM competitions c WHERE ${where}`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }

  /** The public detail page; review settings are the organisers' business and stay out. */
  async detail(req: RpcRequest<{ id: number }>): Promise<Omit<CompetitionDetail, 'review'>> {
    const c = await loadDetail(this.ds, req.payload.id, VISIBLE);
    if (!c) throw AppError.notFound('competition.notFound', { id: req.payload.id });
    const { review: _review, ...shown } = c;
    return shown;
  }

  /** The newest published competition of the site: the homepage's banner names it. */
  async lastRound(req: RpcRequest<SiteQuery>): Promise<(Competition & { competitionId: number; competitionName: string }) | null> {
    const groupId = await publicGroupOf(this.rpc, req);
    const [row]: Competition[] = await this.ds.query(
      `SELECT ${COMPETITION_COLUMNS} FROM competitions c WHERE ${LISTED} AND c.group_id = $1 ORDER BY c.published_at DESC, c.id DESC LIMIT 1`,
      [groupId],
    );
    return row ? { ...row, competitionId: row.id, competitionName: row.name } : null;
  }

  /** With an organisation: its published competitions; without: the organisations that have some. */
  groupsOrCompetitions(req: RpcRequest<{ groupId?: number }>) {
    const { groupId } = req.payload;
    return groupId ? this.groupCompetitions({ ...req, payload: { groupId } }) : this.groups(req);
  }

  /** Organisations that have published competitions, with how many: the public competition filter. */
  async groups(req: RpcRequest): Promise<{ groupId: number; groupName: string; competitionCount: number }[]> {
    const rows: { groupId: number; competitionCount: number }[] = await this.ds.query(
      `SELECT c.group_id AS "groupId", count(*)::int AS "competitionCount" FROM competitions c WHERE ${LISTED} GROUP BY c.group_id ORDER BY c.group_id`,
    );
    const names = await this.rpc.request<{ id: number; name: string }[]>(AuthSubject.groupNames, { ...req, payload: { ids: rows.map((r) => r.groupId) } });
    return rows.map((r) => ({ ...r, groupName: names.find((n) => n.id === r.groupId)?.name ?? '' }));
  }

  async groupCompetitions(req: RpcRequest<{ groupId: number }>): Promise<Option[]> {
    return this.ds.query(`SELECT c.id AS value, c.name AS label FROM competitions c WHERE ${LISTED} AND c.group_id = $1 ORDER BY c.published_at DESC`, [
      req.payload.groupId,
    ]);
  }

  async stages(req: RpcRequest<{ competitionId: number }>): Promise<Stage[]> {
    return (await this.detail({ ...req, payload: { id: req.payload.competitionId } })).stages;
  }

  /** Anyone sees a published competition's timeline; organisers also see their drafts'. */
  async schedule(req: RpcRequest<{ competitionId: number }>): Promise<ScheduleEntry[]> {
    const id = req.payload.competitionId;
    let c = await loadDetail(this.ds, id, VISIBLE);
    if (!c && req.identity) {
      const scope = await this.scopes.of(req);
      c = await loadDetail(this.ds, id, '($2::int[] IS NULL OR c.group_id = ANY($2))', [scope]);
    }
    if (!c) throw AppError.notFound('competition.notFound', { id });
    return scheduleOf(c);
  }
}
