import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppError, bullOptions, callerOf, inScope, pageOf, RPC, Scopes, withRequestId, type NatsRpcClient } from '@cmp/common';
import {
  AuthSubject,
  CompetitionsSubject,
  localName,
  ReportStatus,
  StatisticsQueue,
  type CompetitionDetail,
  type Page,
  type RenderReportJob,
  type ReportCreate,
  type ReportFile,
  type ReportItem,
  type ReportQuery,
  type RpcRequest,
} from '@cmp/contracts';
import { STATISTICS_CONFIG, type StatisticsConfig } from '../config';
import { reportJobOf } from './report-job';

const ITEM_COLUMNS = `id, competition_id AS "competitionId", competition_name AS "competitionName", lang, status, progress, error,
  size_bytes AS "sizeBytes", created_at AS "createdAt", finished_at AS "finishedAt"`;

/**
 * 数据报告: a competition's report is asked for here and rendered by the statistics worker (report-job.ts). Reports
 * are seen by the competition's organisation and those above it, as its figures are.
 */
@Injectable()
export class ReportsService implements OnApplicationShutdown {
  private readonly queue: Queue<RenderReportJob>;

  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    @Inject(STATISTICS_CONFIG) config: StatisticsConfig,
  ) {
    this.queue = new Queue<RenderReportJob>(StatisticsQueue.name, bullOptions(config));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }

  /**
   * Queues a report of the competition in the language asked for, named as it is now. While one of the same
   * competition and language is in the making, asking again answers that one (a double click makes one report).
   */
  async create(req: RpcRequest<ReportCreate>): Promise<ReportItem> {
    const { competitionId, lang } = req.payload;
    // Its service scopes it: another organisation's competition is not found.
    const c = await this.rpc.request<CompetitionDetail>(CompetitionsSubject.competitionDetail, { ...req, payload: { id: competitionId } });
    const [group] = await this.rpc.request<{ name: string; nameEn: string }[]>(AuthSubject.groupNames, { ...req, payload: { ids: [c.groupId] } });
    const [made]: (ReportItem & { createdAt: Date })[] = await this.ds.query(
      `INSERT INTO reports (competition_id, group_id, competition_name, organisation_name, lang, created_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (competition_id, lang) WHERE status IN (${ReportStatus.queued}, ${ReportStatus.running}) DO NOTHING RETURNING ${ITEM_COLUMNS}`,
      [competitionId, c.groupId, localName(c.name, c.nameEn, lang).slice(0, 200), localName(group?.name ?? '', group?.nameEn, lang).slice(0, 200), lang, callerOf(req).userId],
    );
    if (!made) {
      const [making] = await this.ds.query(`SELECT ${ITEM_COLUMNS} FROM reports WHERE competition_id = $1 AND lang = $2 AND status IN (${ReportStatus.queued}, ${ReportStatus.running})`, [competitionId, lang]);
      if (making) return making;
      return this.create(req); // it finished in between
    }
    const job = reportJobOf(made);
    await this.queue.add(job.name, withRequestId(job.data), { ...job.opts, jobId: job.jobId });
    return made;
  }

  /** The caller's organisations' reports (subordinates included), newest first. */
  async page(req: RpcRequest<ReportQuery>): Promise<Page<ReportItem>> {
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const scope = await this.scopes.of(req);
    const where = `($1::int[] IS NULL OR group_id = ANY($1)) AND ($2::int IS NULL OR competition_id = $2)`;
    const [list, [{ total }]]: [ReportItem[], { total: number }[]] = await Promise.all([
      this.ds.query(`SELECT ${ITEM_COLUMNS} FROM reports WHERE ${where} ORDER BY id DESC LIMIT $3 OFFSET $4`, [scope, q.competitionId ?? null, pageSize, offset]),
      this.ds.query(`SELECT count(*)::int AS total FROM reports WHERE ${where}`, [scope, q.competitionId ?? null]),
    ]);
    return { list, total, pageNum, pageSize };
  }

  /** A done report's stored PDF; one still in the making is a conflict, another organisation's not found. */
  async file(req: RpcRequest<{ id: number }>): Promise<ReportFile> {
    const [r]: { groupId: number; status: number; storageKey: string | null; competitionName: string; lang: string; id: number }[] = await this.ds.query(
      `SELECT id, group_id AS "groupId", status, storage_key AS "storageKey", competition_name AS "competitionName", lang FROM reports WHERE id = $1`,
      [req.payload.id],
    );
    if (!r || !inScope(await this.scopes.of(req), r.groupId)) throw AppError.notFound('statistics.reportNotFound');
    if (r.status !== ReportStatus.done || !r.storageKey) throw AppError.conflict('statistics.reportNotReady');
    const name = r.lang === 'en' ? `report-${r.competitionName}-${r.id}.pdf` : `数据报告-${r.competitionName}-${r.id}.pdf`;
    return { storageKey: r.storageKey, fileName: name };
  }
}
