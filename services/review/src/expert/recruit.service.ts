import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, changedRows, inScope, isUniqueViolation, pageOf, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import {
  AuthSubject,
  type ApplicationDecision,
  type ApplicationStatus,
  type ApplicationView,
  type ExpertSaveReply,
  type Page,
  type PageQuery,
  type RecruitApplyPayload,
  type RecruitCallInput,
  type RecruitCallPublic,
  type RecruitCallView,
  type RpcRequest,
} from '@cmp/contracts';
import { ExpertAccounts } from './expert-accounts';
import { checkProfile, ExpertService } from './expert.service';

const CALL_SQL = `
  SELECT c.id, c.group_id AS "groupId", c.title, c.description, c.closes_at AS "closesAt", c.status, c.created_at AS "createdAt",
         (SELECT count(*)::int FROM expert_applications a WHERE a.call_id = c.id) AS "applicationCount",
         (SELECT count(*)::int FROM expert_applications a WHERE a.call_id = c.id AND a.status = 'pending') AS "pendingCount"
    FROM expert_calls c`;

const APPLICATION_SQL = `
  SELECT a.id, a.call_id AS "callId", a.name, a.title, a.unit, a.phone, a.email, a.subjects, a.keywords, a.cv_name AS "cvName",
         a.status, a.expert_id AS "expertId", a.review_note AS "reviewNote", a.created_at AS "createdAt"
    FROM expert_applications a`;

/**
 * Recruitment (专家招募): an organiser opens a call; anyone applies through the public form with a CV; the
 * organiser approves (the account is created or linked and the expert joins the library) or rejects.
 */
@Injectable()
export class RecruitService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    private readonly experts: ExpertService,
    private readonly accounts: ExpertAccounts,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async page(req: RpcRequest<PageQuery>): Promise<Page<RecruitCallView>> {
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const scope = await this.scopes.of(req);
    const where = `($1::int[] IS NULL OR c.group_id = ANY($1))`;
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM expert_calls c WHERE ${where}`, [scope]);
    const list = await this.ds.query(`${CALL_SQL} WHERE ${where} ORDER BY c.id DESC LIMIT $2 OFFSET $3`, [scope, pageSize, offset]);
    return { list, total, pageNum, pageSize };
  }

  async save(req: RpcRequest<RecruitCallInput & { id?: number }>): Promise<{ id: number }> {
    const caller = callerOf(req);
    const p = req.payload;
    if (new Date(p.closesAt) <= new Date()) throw AppError.badRequest('recruit.badCloseTime');
    if (p.id) {
      await this.call(req, p.id);
      await this.ds.query(`UPDATE expert_calls SET title = $2, description = $3, closes_at = $4 WHERE id = $1`, [p.id, p.title, p.description ?? '', p.closesAt]);
      return { id: p.id };
    }
    const [row] = await this.ds.query(`INSERT INTO expert_calls (group_id, title, description, closes_at) VALUES ($1, $2, $3, $4) RETURNING id`, [
      caller.groupId,
      p.title,
      p.description ?? '',
      p.closesAt,
    ]);
    return { id: row.id };
  }

  async close(req: RpcRequest<{ id: number }>): Promise<null> {
    await this.call(req, req.payload.id);
    await this.ds.query(`UPDATE expert_calls SET status = 0 WHERE id = $1`, [req.payload.id]);
    return null;
  }

  /** Public: what the apply page shows; a closed call still answers (the page says it is closed). */
  async publicCall(req: RpcRequest<{ id: number }>): Promise<RecruitCallPublic> {
    const [c] = await this.ds.query(
      `SELECT id, group_id AS "groupId", title, description, closes_at AS "closesAt", (status = 1 AND closes_at > now()) AS open FROM expert_calls WHERE id = $1`,
      [req.payload.id],
    );
    if (!c) throw AppError.notFound('recruit.notFound', { id: req.payload.id });
    const names: { id: number; name: string }[] = await this.rpc.request(AuthSubject.groupNames, { meta: req.meta, payload: { ids: [c.groupId] } });
    const { groupId: _g, ...rest } = c;
    return { ...rest, groupName: names[0]?.name ?? '' };
  }

  /** Public: one application per phone and call (a unique index decides between two at once). */
  async apply(req: RpcRequest<RecruitApplyPayload>): Promise<{ id: number }> {
    const p = checkProfile(req.payload);
    const [c] = await this.ds.query(`SELECT id, group_id FROM expert_calls WHERE id = $1 AND status = 1 AND closes_at > now()`, [p.callId]);
    if (!c) {
      const [exists] = await this.ds.query(`SELECT 1 FROM expert_calls WHERE id = $1`, [p.callId]);
      throw exists ? AppError.badRequest('recruit.closed') : AppError.notFound('recruit.notFound', { id: p.callId });
    }
    try {
      const [row] = await this.ds.query(
        `INSERT INTO expert_applications (call_id, group_id, name, title, unit, phone, email, subjects, keywords, cv_key, cv_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [c.id, c.group_id, p.name, p.title ?? '', p.unit ?? '', p.phone, p.email || '', p.subjects, p.keywords, p.cvKey, p.cvName],
      );
      return { id: row.id };
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.conflict('recruit.applied', { phone: p.phone });
      throw e;
    }
  }

  async applications(req: RpcRequest<PageQuery & { callId: number; status?: ApplicationStatus }>): Promise<Page<ApplicationView>> {
    const q = req.payload;
    await this.call(req, q.callId);
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = `a.call_id = $1 AND ($2::text IS NULL OR a.status = $2)`;
    const args = [q.callId, q.status ?? null];
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM expert_applications a WHERE ${where}`, args);
    const list = await this.ds.query(`${APPLICATION_SQL} WHERE ${where} ORDER BY a.id DESC LIMIT $3 OFFSET $4`, [...args, pageSize, offset]);
    return { list, total, pageNum, pageSize };
  }

  /** One application with its CV's storage key (the gateway streams the CV to the organiser). */
  async application(req: RpcRequest<{ id: number }>): Promise<ApplicationView & { cvKey: string }> {
    const [a] = await this.ds.query(`${APPLICATION_SQL.replace('FROM', ', a.cv_key AS "cvKey", a.group_id AS "groupId" FROM')} WHERE a.id = $1`, [req.payload.id]);
    if (!a || !inScope(await this.scopes.of(req), a.groupId)) throw AppError.notFound('recruit.applicationNotFound', { id: req.payload.id });
    const { groupId: _g, ...view } = a;
    return view;
  }

  /** Approve (account created or linked, expert added, source 'recruited') or reject; decided once. */
  async decide(req: RpcRequest<ApplicationDecision>): Promise<ExpertSaveReply | { id: null; credential: null }> {
    const caller = callerOf(req);
    const p = req.payload;
    const a = await this.application(req);
    if (a.status !== 'pending') throw AppError.conflict('recruit.decided');
    if (!p.approve) {
      const res = await this.ds.query(`UPDATE expert_applications SET status = 'rejected', review_note = $2, decided_by = $3, decided_at = now() WHERE id = $1 AND status = 'pending'`, [
        a.id,
        p.note ?? '',
        caller.userId,
      ]);
      if (!changedRows(res)) throw AppError.conflict('recruit.decided');
      return { id: null, credential: null };
    }
    const [{ group_id: groupId }] = await this.ds.query(`SELECT group_id FROM expert_applications WHERE id = $1`, [a.id]);
    await this.experts.assertNotInLibrary(groupId, a.phone, a.name);
    const account = await this.accounts.one(req, groupId, { realName: a.name, phone: a.phone, email: a.email || undefined });
    return this.ds.transaction(async (m) => {
      // The row lock makes a second approver wait, then see it decided.
      const res = await m.query(`UPDATE expert_applications SET status = 'approved', review_note = $2, decided_by = $3, decided_at = now() WHERE id = $1 AND status = 'pending'`, [
        a.id,
        p.note ?? '',
        caller.userId,
      ]);
      if (!changedRows(res)) throw AppError.conflict('recruit.decided');
      const expertId = await this.experts.insert(m, {
        userId: account.userId,
        username: account.username,
        groupId,
        name: a.name,
        title: a.title,
        unit: a.unit,
        phone: a.phone,
        email: a.email,
        subjects: a.subjects,
        keywords: a.keywords,
        itemIds: [],
        source: 'recruited',
      });
      await m.query(`UPDATE expert_applications SET expert_id = $2 WHERE id = $1`, [a.id, expertId]);
      // A new account's one-time password, for the organiser to pass on (the expert may also log in by phone code).
      const credential = account.password ? { expertId, name: a.name, username: account.username, password: account.password } : null;
      return { id: expertId, credential };
    });
  }

  private async call(req: RpcRequest, id: number): Promise<{ id: number; groupId: number }> {
    const [c] = await this.ds.query(`SELECT id, group_id AS "groupId" FROM expert_calls WHERE id = $1`, [id]);
    if (!c || !inScope(await this.scopes.of(req), c.groupId)) throw AppError.notFound('recruit.notFound', { id });
    return c;
  }
}
