import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { actorOf, AppError, inScope, isUniqueViolation, likePattern, OutboxRelay, pageOf, returnedRows, RPC, Scopes, writeEvent, type NatsRpcClient } from '@cmp/common';
import {
  EnrollmentSubject,
  EventSubject,
  owesFee,
  PayStatus,
  SignupStatus,
  type OfflineCloseReason,
  type OfflineCheckRequest,
  type OfflineCreateRequest,
  type OfflineDecision,
  type OfflinePaymentView,
  type OfflineSignupOption,
  type Page,
  type PageQuery,
  type PaymentOrderPaidEvent,
  type RpcRequest,
  type SignupListRow,
  type SignupPageQuery,
  type SignupPayable,
} from '@cmp/contracts';
import { nextNumber } from '../refund/refund.sql';
import { HOLDS_FEE, lockSignup, SIGNUP_COPY_COLUMNS, signupCopy } from '../order/order.sql';
import { OrderService } from '../order/order.service';

const COLUMNS = `p.id::int AS id, p.signup_id AS "signupId", p.competition_name AS "competitionName", p.competition_name_en AS "competitionNameEn",
  p.item_name AS "itemName", p.item_name_en AS "itemNameEn", p.payer_name AS "payerName",
  p.amount_fen AS "amountFen", p.reason, p.status, p.requested_by AS "requestedBy",
  COALESCE(p.requested_by_name, p.requested_by) AS "requestedByName", p.decided_by AS "decidedBy", COALESCE(p.decided_by_name, p.decided_by) AS "decidedByName", p.decision_note AS "decisionNote",
  p.close_reason AS "closeReason", o.order_no AS "orderNo", p.created_at AS "createdAt", p.decided_at AS "decidedAt"`;

/** Sign-ups offered by the record form's search. */
const SIGNUP_OPTIONS = 10;

/** Closes a waiting record that can no longer apply (paid online meanwhile, sign-up ended), with the reason; a decided one stays as it is. */
export async function closeOffline(m: Pick<EntityManager, 'query'>, where: { id: number } | { signupId: number }, reason: OfflineCloseReason): Promise<void> {
  const [column, value] = 'id' in where ? ['id', where.id] : ['signup_id', where.signupId];
  await m.query(`UPDATE offline_payments SET status = 'closed', close_reason = $2, decided_at = now() WHERE ${column} = $1 AND status = 'pending'`, [value, reason]);
}

/**
 * 线下缴费: a fee paid outside Alipay. One finance account records it with the voucher; another approves it (four
 * eyes), which makes a paid order of channel "offline" and publishes payment.order.paid like any payment. While it
 * waits, it holds the sign-up: an open Alipay order is closed when it is recorded and the payer cannot start
 * another; a record the fee was paid online for anyway, or whose sign-up ended, is closed with that reason.
 */
@Injectable()
export class OfflineService {
  private readonly log = new Logger('OfflineService');

  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    private readonly orders: OrderService,
    private readonly relay: OutboxRelay,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  /** Refuses what create would refuse, storing nothing: the gateway asks before it stores the voucher. */
  async check(req: RpcRequest<OfflineCheckRequest>): Promise<null> {
    await this.recordable(req);
    return null;
  }

  async create(req: RpcRequest<OfflineCreateRequest>): Promise<OfflinePaymentView> {
    const s = await this.recordable(req);
    const me = await actorOf(this.rpc, req);
    let id: number;
    try {
      id = await this.ds.transaction(async (m) => {
        // After this commits, the payer cannot start an online order; one made before is closed below.
        await lockSignup(m, s.signupId);
        const [row] = await m.query(
          `INSERT INTO offline_payments (group_id, signup_id, competition_id, competition_name, item_id, item_name, payer_name, amount_fen, reason, voucher_key, requested_by, requested_by_id,
                                       requested_by_name, competition_name_en, item_name_en)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id::int AS id`,
        [s.groupId, s.signupId, s.competitionId, s.competitionName.slice(0, 200), s.itemId, s.itemName.slice(0, 200), s.payerName.slice(0, 100), s.feeFen,
          req.payload.reason.trim().slice(0, 200), req.payload.voucherKey, me.username.slice(0, 64), me.userId, me.realName.slice(0, 50),
          s.competitionNameEn.slice(0, 200), s.itemNameEn.slice(0, 200)],
        );
        return row.id as number;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.conflict('payment.offlinePending');
      throw e;
    }
    await this.closeOnlineOrder(id, s.signupId);
    return this.one(id);
  }

  /** Sign-ups of the caller's organisations that owe their fee, by payer name, account or sign-up number, with whose they are. */
  async signups(req: RpcRequest<{ keyword: string }>): Promise<OfflineSignupOption[]> {
    const keyword = req.payload.keyword?.trim();
    if (!keyword) return [];
    const query: SignupPageQuery = { keyword, payStatus: PayStatus.unpaid, pageSize: SIGNUP_OPTIONS };
    const { list } = await this.rpc.request<Page<SignupListRow>>(EnrollmentSubject.signupPage, { ...req, payload: query });
    return list
      .filter((s) => s.status === SignupStatus.pending || s.status === SignupStatus.approved)
      .map((s) => ({ signupId: s.id, payerName: s.captainName, payerAccount: s.captainAccount, competitionName: s.competitionName, competitionNameEn: s.competitionNameEn, itemName: s.itemName, itemNameEn: s.itemNameEn, feeFen: s.feeFen }));
  }

  /**
   * Closes the sign-up's open Alipay order, at Alipay and here. Paid there after all, the fee is in: the waiting
   * record is closed with that reason.
   */
  private async closeOnlineOrder(recordId: number, signupId: number): Promise<boolean> {
    const [open] = await this.ds.query(`SELECT id, order_no AS "orderNo" FROM orders WHERE signup_id = $1 AND status = 'unpaid'`, [signupId]);
    if (!open || (await this.orders.closeEverywhere(open, 'paid offline'))) return true;
    await closeOffline(this.ds, { id: recordId }, 'paidOnline');
    return false;
  }

  /** The sign-up of a record that can be made: one of the caller's organisations, owing its fee, not held by another record. */
  private async recordable(req: RpcRequest<OfflineCheckRequest>): Promise<SignupPayable> {
    if (!req.payload.reason?.trim()) throw AppError.badRequest('payment.reasonRequired');
    const s = await this.payable(req, req.payload.signupId);
    if (!owesFee(s)) throw AppError.badRequest('payment.signupNotPayable');
    // The unique index (one pending record a sign-up) decides a race; this answers the usual case before any upload.
    const [held] = await this.ds.query(`SELECT 1 FROM offline_payments WHERE signup_id = $1 AND status = 'pending'`, [s.signupId]);
    if (held) throw AppError.conflict('payment.offlinePending');
    return s;
  }

  private payable(req: RpcRequest, signupId: number): Promise<SignupPayable> {
    return this.rpc.request<SignupPayable>(EnrollmentSubject.signupPayable, { ...req, payload: { signupId, asOrganiser: true } });
  }

  async page(req: RpcRequest<PageQuery & { keyword?: string; status?: string }>): Promise<Page<OfflinePaymentView>> {
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    // A number is a sign-up number; anything else is looked for in the payer's and the competition's names.
    const keyword = req.payload.keyword?.trim();
    const number = keyword && /^\d{1,12}$/.test(keyword) ? Number(keyword) : null;
    const params = [await this.scopes.of(req), number === null ? likePattern(keyword) : null, req.payload.status ?? null, number];
    const where = `($1::int[] IS NULL OR p.group_id = ANY($1)) AND ($2::text IS NULL OR p.payer_name ILIKE $2 OR p.competition_name ILIKE $2)
      AND ($4::bigint IS NULL OR p.signup_id = $4) AND ($3::text IS NULL OR p.status = $3)`;
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(`SELECT ${COLUMNS} FROM offline_payments p LEFT JOIN orders o ON o.id = p.order_id WHERE ${where} ORDER BY p.id DESC LIMIT ${pageSize} OFFSET ${offset}`, params),
      this.ds.query(`SELECT count(*)::int AS total FROM offline_payments p WHERE ${where}`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }

  /** The voucher's stored name, for a caller of the record's organisation. */
  async voucher(req: RpcRequest<{ id: number }>): Promise<{ voucherKey: string }> {
    const row = await this.scoped(req, req.payload.id);
    return { voucherKey: row.voucherKey };
  }

  async decide(req: RpcRequest<OfflineDecision>): Promise<OfflinePaymentView> {
    const record = await this.scoped(req, req.payload.id);
    const me = await actorOf(this.rpc, req);
    if (record.requestedById === me.userId) throw AppError.badRequest('payment.offlineSameAccount');
    if (record.status !== 'pending') throw AppError.badRequest('payment.offlineNotPending');
    const note = req.payload.note?.trim().slice(0, 200) || null;
    if (!req.payload.approve) {
      if (!note) throw AppError.badRequest('payment.reasonRequired');
      const done = await returnedRows(
        this.ds,
        `UPDATE offline_payments SET status = 'rejected', decided_by = $2, decided_by_name = $4, decision_note = $3, decided_at = now()
         WHERE id = $1 AND status = 'pending' RETURNING id`,
        [record.id, me.username.slice(0, 64), note, me.realName.slice(0, 50)],
      );
      if (!done.length) throw AppError.badRequest('payment.offlineNotPending');
      return this.one(record.id);
    }
    // A sign-up that ended, or an Alipay order paid after all: the record can no longer apply and is closed, saying why.
    const s = await this.payable(req, record.signupId);
    if (!owesFee(s)) {
      await closeOffline(this.ds, { id: record.id }, s.payStatus === PayStatus.paid ? 'paidOnline' : 'signupClosed');
      return this.one(record.id);
    }
    if (!(await this.closeOnlineOrder(record.id, record.signupId))) return this.one(record.id);
    const approved = await this.ds.transaction(async (m) => {
      const [locked] = await m.query(`SELECT status FROM offline_payments WHERE id = $1 FOR UPDATE`, [record.id]);
      if (locked.status !== 'pending') throw AppError.badRequest('payment.offlineNotPending');
      const [paid] = await m.query(`SELECT 1 FROM orders WHERE signup_id = $1 AND status IN ${HOLDS_FEE}`, [record.signupId]);
      if (paid) return closeOffline(m, { id: record.id }, 'paidOnline').then(() => false);
      const { id, no } = await nextNumber(m, 'CP', 'orders_id_seq');
      await m.query(
        `INSERT INTO orders (id, order_no, group_id, signup_id, competition_id, competition_name, item_id, item_name, payer_user_id, payer_name, amount_fen,
                             status, channel, paid_at, expires_at, ${SIGNUP_COPY_COLUMNS})
         SELECT $1, $2, group_id, signup_id, competition_id, competition_name, item_id, item_name, 0, payer_name, amount_fen, 'paid', 'offline', now(), now(), $4, $5, $6, $7
         FROM offline_payments WHERE id = $3`,
        [id, no, record.id, ...signupCopy(s)],
      );
      await m.query(
        `UPDATE offline_payments SET status = 'approved', decided_by = $2, decided_by_name = $5, decision_note = $3, decided_at = now(), order_id = $4 WHERE id = $1`,
        [record.id, me.username.slice(0, 64), note, id, me.realName.slice(0, 50)],
      );
      await writeEvent(m, EventSubject.paymentOrderPaid, { orderId: no, signupId: record.signupId, amountFen: record.amountFen, paidAt: new Date().toISOString() } satisfies PaymentOrderPaidEvent);
      return true;
    });
    if (approved) {
      this.relay.kick();
      this.log.log(`offline payment ${record.id} approved by ${me.username}`);
    }
    return this.one(record.id);
  }

  private async scoped(req: RpcRequest, id: number) {
    const [row] = await this.ds.query(
      `SELECT id::int AS id, group_id AS "groupId", signup_id AS "signupId", amount_fen AS "amountFen", status, requested_by_id AS "requestedById", voucher_key AS "voucherKey"
       FROM offline_payments WHERE id = $1`,
      [id],
    );
    if (!row || !inScope(await this.scopes.of(req), row.groupId)) throw AppError.notFound('payment.offlineNotFound', { id });
    return row as { id: number; groupId: number; signupId: number; amountFen: number; status: string; requestedById: number; voucherKey: string };
  }

  private async one(id: number): Promise<OfflinePaymentView> {
    const [row] = await this.ds.query(`SELECT ${COLUMNS} FROM offline_payments p LEFT JOIN orders o ON o.id = p.order_id WHERE p.id = $1`, [id]);
    return row;
  }
}
