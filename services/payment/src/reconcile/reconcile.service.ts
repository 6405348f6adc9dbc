import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { actorOf, AppError, formatBytes, pageOf, RPC, Scopes, uploadedBillKey, type Actor, type NatsRpcClient, type Scope, type StorageBackend } from '@cmp/common';
import {
  AuthSubject,
  EnrollmentSubject,
  Perm,
  RECON_COUNT_KINDS,
  type ReconcileImport,
  type ReconDetail,
  type ReconItemView,
  type ReconCountKind,
  type ReconKind,
  type ReconPageQuery,
  type ReconRunView,
  type ReconTotals,
  type RpcRequest,
} from '@cmp/contracts';
import { AlipayClient } from '../alipay/alipay.client';
import { OrderService } from '../order/order.service';
import { STORAGE } from '../config';
import { SYSTEM } from '../refund/refund.sql';
import { parseAlipayBill, type BillRow } from './alipay-bill';
import { matchBill, type BookPayment, type BookRefund } from './match';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const BILL_DOWNLOAD_LIMIT = 50 * 1024 * 1024;
/**
 * Lines a run's detail lists, those that differ first. 2,000 lines of about 300 bytes keep the answer well inside one
 * NATS message (1 MB); the rest of a busy day (30,000 lines, nearly all matched) is counted and summed, not listed.
 */
const DETAIL_ITEMS = 2000;
/** Items a caller sees: their organisations' orders, and lines of orders the platform does not know (no organisation). */
const VISIBLE = `($1::int[] IS NULL OR i.group_id IS NULL OR i.group_id = ANY($1))`;

/** A run, and whether it is its day's latest: a later import of the day supersedes it. */
const RUN_COLUMNS = `r.id::int AS id, to_char(r.bill_day, 'YYYY-MM-DD') AS "billDay", r.source, r.file_name AS "fileName", r.bill_rows AS "billRows",
  r.created_by AS "createdBy", COALESCE(r.created_by_name, r.created_by) AS "createdByName", r.created_at AS "createdAt",
  (SELECT max(x.id)::int FROM recon_runs x WHERE x.bill_day = r.bill_day AND x.id > r.id) AS "supersededBy"`;
const ITEM_COLUMNS = `i.id::int AS id, i.side, i.kind, i.order_id::int AS "orderId", i.order_no AS "orderNo", i.trade_no AS "tradeNo",
  i.request_no AS "requestNo", i.alipay_fen AS "alipayFen", i.platform_fen AS "platformFen", i.platform_status AS "platformStatus",
  i.resolution, i.resolved_by AS "resolvedBy", COALESCE(i.resolved_by_name, i.resolved_by) AS "resolvedByName", i.resolved_at AS "resolvedAt"`;

/**
 * A difference not yet settled: a line that did not match, which nobody has resolved. A run's `open` counts these,
 * and the runs list's `unresolved` filter (the workbench's reconDifferences to-do) lists the current runs with one.
 */
const UNSETTLED = `i.kind <> 'matched' AND i.resolved_at IS NULL`;
/** The run is its bill day's latest: no later import of the day replaced it (as supersededBy says). */
const CURRENT = `NOT EXISTS (SELECT 1 FROM recon_runs x WHERE x.bill_day = r.bill_day AND x.id > r.id)`;

type RunRow = Omit<ReconRunView, 'counts' | 'totals' | 'open' | 'current'>;
/** The books' side of a line counts when the books have the money: not for a line only Alipay has. */
const ON_BOOKS = `i.kind IN ('matched', 'amountDiff', 'platformOnly')`;

/**
 * 对账: a day's Alipay bill (uploaded, or fetched with the bill download call) against the books. Each run is kept
 * with its items; differences stay listed until resolved, and a payment only Alipay has is applied through a trade
 * query, the same path as a notification (the bill file itself is never trusted to move money).
 */
@Injectable()
export class ReconcileService {
  private readonly log = new Logger('ReconcileService');

  constructor(
    private readonly ds: DataSource,
    private readonly alipay: AlipayClient,
    private readonly orders: OrderService,
    private readonly scopes: Scopes,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    @Inject(STORAGE) private readonly storage: StorageBackend,
  ) {}

  /** A bill the gateway stored from an upload, reconciled for the clerk's day or the bill's own. */
  async importBill(req: RpcRequest<ReconcileImport>): Promise<ReconDetail> {
    const { billKey, fileName, billDay } = req.payload;
    const file = await this.storage.get(uploadedBillKey(billKey));
    if (!file) throw new Error(`uploaded bill ${billKey} is not in storage: do the gateway and the payment service share STORAGE_*?`);
    const bill = await parseAlipayBill(Buffer.concat(await file.stream.toArray()));
    const day = billDay ?? bill.day;
    if (!day) throw AppError.badRequest('payment.billDayUnknown');
    const id = await this.run(bill.rows, day, 'upload', fileName, await actorOf(this.rpc, req));
    return this.detail({ ...req, payload: { id } });
  }

  async fetch(req: RpcRequest<{ billDay: string }>): Promise<ReconDetail> {
    const id = await this.fetchAndRun(req.payload.billDay, await actorOf(this.rpc, req));
    return this.detail({ ...req, payload: { id } });
  }

  /** Downloads Alipay's bill of a day and reconciles it; the worker's daily job and the fetch button both come here. */
  async fetchAndRun(day: string, by: Actor): Promise<number> {
    const url = await this.alipay.billUrl(day);
    if (!url) throw AppError.badRequest('payment.billNotReady', { day });
    const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw AppError.badRequest('payment.billUnreadable', { reason: `HTTP ${res.status}` });
    const file = Buffer.from(await res.arrayBuffer());
    if (file.length > BILL_DOWNLOAD_LIMIT) throw AppError.badRequest('payment.billTooLarge', { limit: formatBytes(BILL_DOWNLOAD_LIMIT) });
    const bill = await parseAlipayBill(file);
    return this.run(bill.rows, day, 'download', new URL(url).pathname.split('/').pop() ?? '', by);
  }

  private async run(rows: BillRow[], day: string, source: 'upload' | 'download', fileName: string, by: Actor): Promise<number> {
    if (!DAY.test(day)) throw AppError.badRequest('payment.billDayUnknown');
    const orderNos = [...new Set(rows.filter((r) => r.kind === 'trade').map((r) => r.orderNo))];
    const requestNos = [...new Set(rows.filter((r) => r.kind === 'refund').map((r) => r.requestNo))];
    const onDay = (column: string) => `(${column} AT TIME ZONE 'Asia/Shanghai')::date = $1::date`;
    return this.ds.transaction(async (m) => {
      const payments: BookPayment[] = await m.query(
        `SELECT id AS "orderId", group_id AS "groupId", order_no AS "orderNo", trade_no AS "tradeNo", amount_fen AS "amountFen", status,
                COALESCE(${onDay('paid_at')}, false) AS "onDay"
         FROM orders WHERE order_no = ANY($2::text[]) OR (${onDay('paid_at')} AND channel IS DISTINCT FROM 'offline')`,
        [day, orderNos],
      );
      const refunds: BookRefund[] = await m.query(
        `SELECT f.order_id AS "orderId", o.group_id AS "groupId", o.order_no AS "orderNo", f.refund_no AS "refundNo", f.amount_fen AS "amountFen", f.status,
                COALESCE(${onDay('f.finished_at')}, false) AS "onDay"
         FROM refunds f JOIN orders o ON o.id = f.order_id
         WHERE f.refund_no = ANY($2::text[]) OR (f.status = 'succeeded' AND ${onDay('f.finished_at')})`,
        [day, requestNos],
      );
      const lines = matchBill(rows, payments, refunds);
      const [{ id }] = await m.query(
        `INSERT INTO recon_runs (bill_day, source, file_name, bill_rows, created_by, created_by_name) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
        [day, source, fileName.slice(0, 200), rows.length, by.username.slice(0, 64), by.realName.slice(0, 50)],
      );
      if (lines.length) {
        await m.query(
          `INSERT INTO recon_items (run_id, side, kind, order_id, group_id, order_no, trade_no, request_no, alipay_fen, platform_fen, platform_status)
           SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bigint[], $5::int[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[], $11::text[])`,
          [
            id,
            lines.map((l) => l.side), lines.map((l) => l.kind), lines.map((l) => l.orderId), lines.map((l) => l.groupId),
            lines.map((l) => l.orderNo.slice(0, 64)), lines.map((l) => l.tradeNo.slice(0, 64)), lines.map((l) => l.requestNo.slice(0, 64)),
            lines.map((l) => l.alipayFen), lines.map((l) => l.platformFen), lines.map((l) => l.platformStatus),
          ],
        );
      }
      return id as number;
    });
  }

  /**
   * Counts by kind, money totals and open differences of runs, as far as the caller sees. A bill line of another
   * organisation's order is counted as otherOrg (with its money), so the counts of the bill's lines add up to the
   * bill; that organisation's own book entries (platformOnly) are theirs alone.
   */
  private async withCounts(runs: RunRow[], scope: Scope): Promise<ReconRunView[]> {
    if (!runs.length) return [];
    const groups: { runId: number; kind: ReconCountKind; n: number; open: number; alipayPay: string; alipayRefund: string; platformPay: string; platformRefund: string }[] =
      await this.ds.query(
        `SELECT i.run_id::int AS "runId", CASE WHEN ${VISIBLE} THEN i.kind ELSE 'otherOrg' END AS kind, count(*)::int AS n,
           count(*) FILTER (WHERE ${VISIBLE} AND ${UNSETTLED})::int AS open,
           COALESCE(sum(i.alipay_fen) FILTER (WHERE i.side = 'trade'), 0)::bigint AS "alipayPay",
           COALESCE(sum(i.alipay_fen) FILTER (WHERE i.side = 'refund'), 0)::bigint AS "alipayRefund",
           COALESCE(sum(i.platform_fen) FILTER (WHERE i.side = 'trade' AND ${ON_BOOKS}), 0)::bigint AS "platformPay",
           COALESCE(sum(i.platform_fen) FILTER (WHERE i.side = 'refund' AND ${ON_BOOKS}), 0)::bigint AS "platformRefund"
         FROM recon_items i WHERE i.run_id = ANY($2::bigint[]) AND (${VISIBLE} OR i.alipay_fen IS NOT NULL) GROUP BY 1, 2`,
        [scope, runs.map((r) => r.id)],
      );
    return runs.map((r) => {
      const mine = groups.filter((g) => g.runId === r.id);
      const totals: ReconTotals = { alipay: { paymentsFen: 0, refundsFen: 0 }, platform: { paymentsFen: 0, refundsFen: 0 }, otherOrg: { paymentsFen: 0, refundsFen: 0 } };
      // Sums come back as bigint strings; another organisation's books are not the caller's.
      for (const g of mine) {
        const bill = g.kind === 'otherOrg' ? totals.otherOrg : totals.alipay;
        bill.paymentsFen += Number(g.alipayPay);
        bill.refundsFen += Number(g.alipayRefund);
        if (g.kind === 'otherOrg') continue;
        totals.platform.paymentsFen += Number(g.platformPay);
        totals.platform.refundsFen += Number(g.platformRefund);
      }
      return {
        ...r,
        counts: Object.fromEntries(RECON_COUNT_KINDS.map((k) => [k, mine.find((g) => g.kind === k)?.n ?? 0])) as Record<ReconCountKind, number>,
        totals,
        open: mine.reduce((sum, g) => sum + g.open, 0),
        current: r.supersededBy === null,
      };
    });
  }

  /**
   * Runs, newest bill day first. With `unresolved`, only current runs with a difference not yet settled that the
   * caller sees (its organisations' lines and those of no known order, as `open` counts them).
   */
  async page(req: RpcRequest<ReconPageQuery>) {
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const scope = await this.scopes.of(req);
    const [where, params] = req.payload.unresolved
      ? [`WHERE ${CURRENT} AND EXISTS (SELECT 1 FROM recon_items i WHERE i.run_id = r.id AND ${VISIBLE} AND ${UNSETTLED})`, [scope]]
      : ['', []];
    const [runs, [{ total }]] = await Promise.all([
      this.ds.query(`SELECT ${RUN_COLUMNS} FROM recon_runs r ${where} ORDER BY r.bill_day DESC, r.id DESC LIMIT ${pageSize} OFFSET ${offset}`, params),
      this.ds.query(`SELECT count(*)::int AS total FROM recon_runs r ${where}`, params),
    ]);
    return { list: await this.withCounts(runs, scope), total, pageNum, pageSize };
  }

  async detail(req: RpcRequest<{ id: number; kind?: ReconKind }>): Promise<ReconDetail> {
    const [run] = await this.ds.query(`SELECT ${RUN_COLUMNS} FROM recon_runs r WHERE r.id = $1`, [req.payload.id]);
    if (!run) throw AppError.notFound('payment.reconNotFound', { id: req.payload.id });
    const scope = await this.scopes.of(req);
    const items: ReconItemView[] = await this.ds.query(
      `SELECT ${ITEM_COLUMNS} FROM recon_items i WHERE ${VISIBLE} AND i.run_id = $2 AND ($3::text IS NULL OR i.kind = $3)
       ORDER BY (i.kind = 'matched'), i.id LIMIT ${DETAIL_ITEMS}`,
      [scope, run.id, req.payload.kind ?? null],
    );
    const [withCounts] = await this.withCounts([run], scope);
    return { ...withCounts, items };
  }

  /** Applies a payment only Alipay has: asks Alipay, and applies its answer as a notification would be applied. */
  async apply(req: RpcRequest<{ id: number }>): Promise<ReconDetail> {
    const scope = await this.scopes.of(req);
    const [item] = await this.ds.query(
      `SELECT i.run_id::int AS "runId", i.kind, i.side, i.order_no AS "orderNo", i.order_id AS "orderId" FROM recon_items i WHERE ${VISIBLE} AND i.id = $2`,
      [scope, req.payload.id],
    );
    if (!item) throw AppError.notFound('payment.reconNotFound', { id: req.payload.id });
    if (item.kind !== 'alipayOnly' || item.side !== 'trade' || !item.orderId) throw AppError.badRequest('payment.reconNotApplicable');
    const me = await actorOf(this.rpc, req);
    const trade = await this.alipay.query(item.orderNo);
    if (!trade || (trade.tradeStatus !== 'TRADE_SUCCESS' && trade.tradeStatus !== 'TRADE_FINISHED')) throw AppError.badRequest('payment.reconStillUnpaid');
    await this.orders.applyQueried(item.orderNo, trade);
    await this.ds.query(
      `UPDATE recon_items SET resolution = 'applied', resolved_by = $2, resolved_by_name = $3, resolved_at = now() WHERE id = $1 AND resolved_at IS NULL`,
      [req.payload.id, me.username, me.realName.slice(0, 50)],
    );
    return this.detail({ ...req, payload: { id: item.runId } });
  }

  /** The worker's daily run: yesterday (Beijing time); finance is told when something differs. */
  async daily(): Promise<{ day: string; differences: number }> {
    const day = new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    const runId = await this.fetchAndRun(day, SYSTEM);
    const rows: { groupId: number | null; n: number }[] = await this.ds.query(
      `SELECT group_id AS "groupId", count(*)::int AS n FROM recon_items WHERE run_id = $1 AND kind <> 'matched' GROUP BY 1`,
      [runId],
    );
    const differences = rows.reduce((sum, r) => sum + r.n, 0);
    if (differences) {
      const meta = { lang: 'zh-CN' as const, requestId: `reconcile-${day}`, ip: '' };
      const userIds = await this.rpc.request<number[]>(AuthSubject.userIdsWithPermission, { meta, payload: { permission: Perm.financeEdit } });
      await this.rpc.request(EnrollmentSubject.messageSend, { meta, payload: { userIds, key: 'message.reconcileDifferences', params: { day, count: differences } } });
      this.log.warn(`reconciliation of ${day}: ${differences} differences, ${userIds.length} finance accounts told`);
    }
    return { day, differences };
  }
}
