import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, inScope, isUniqueViolation, likePattern, pageOf, Scopes } from '@cmp/common';
import {
  EMAIL_PATTERN,
  EXPERT_LIST_MAX,
  EXPERT_TEXT_MAX,
  PHONE_PATTERN,
  type ExpertOption,
  type ExpertPageQuery,
  type ExpertSavePayload,
  type ExpertSaveReply,
  type ExpertSource,
  type ExpertStatus,
  type ExpertView,
  type Page,
  type RpcRequest,
} from '@cmp/contracts';
import { ExpertAccounts } from './expert-accounts';

/** The columns of ExpertView, for every query that answers experts. */
export const EXPERT_VIEW_SQL = `
  SELECT e.id, e.user_id AS "userId", e.username, e.group_id AS "groupId", e.name, e.title, e.unit, e.phone, e.email,
         e.subjects, e.keywords, e.event_ids AS "itemIds", e.status, e.source, e.competition_id AS "competitionId",
         e.expires_at AS "expiresAt", e.created_at AS "createdAt"
    FROM experts e`;

export interface NewExpert {
  userId: number;
  username: string;
  groupId: number;
  name: string;
  title: string;
  unit: string;
  phone: string;
  email: string;
  subjects: string[];
  keywords: string[];
  itemIds: number[];
  source: ExpertSource;
  competitionId?: number | null;
  expiresAt?: string | null;
}

/** The expert library of the caller's organisations: list, one, add or change, enable or disable. */
@Injectable()
export class ExpertService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    private readonly accounts: ExpertAccounts,
  ) {}

  /** Active experts of the caller's organisations (at most 2,000), by name. */
  async options(req: RpcRequest): Promise<ExpertOption[]> {
    const scope = await this.scopes.of(req);
    return this.ds.query(
      `SELECT e.id AS value, e.name || CASE WHEN e.unit <> '' THEN '（' || e.unit || '）' ELSE '' END AS label, e.event_ids AS "eventIds"
       FROM experts e WHERE e.deleted_at IS NULL AND e.status = 'active' AND ($1::int[] IS NULL OR e.group_id = ANY($1)) ORDER BY e.name, e.id LIMIT 2000`,
      [scope],
    );
  }

  async page(req: RpcRequest<ExpertPageQuery>): Promise<Page<ExpertView>> {
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const args: unknown[] = [];
    const arg = (v: unknown) => (args.push(v), `$${args.length}`);
    const where = ['e.deleted_at IS NULL'];
    const scope = await this.scopes.of(req);
    if (scope) where.push(`e.group_id = ANY(${arg(scope)})`);
    const kw = likePattern(q.keyword);
    if (kw) {
      const k = arg(kw);
      where.push(`(e.name ILIKE ${k} OR e.phone ILIKE ${k} OR e.unit ILIKE ${k} OR e.title ILIKE ${k} OR e.username ILIKE ${k}
                  OR EXISTS (SELECT 1 FROM unnest(e.subjects || e.keywords) s WHERE s ILIKE ${k}))`);
    }
    if (q.source) where.push(`e.source = ${arg(q.source)}`);
    if (q.status !== undefined) where.push(`e.status = ${arg(q.status)}`);
    if (q.competitionId) where.push(`e.competition_id = ${arg(q.competitionId)}`);
    const cond = where.join(' AND ');
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM experts e WHERE ${cond}`, args);
    const list = await this.ds.query(`${EXPERT_VIEW_SQL} WHERE ${cond} ORDER BY e.id DESC LIMIT ${arg(pageSize)} OFFSET ${arg(offset)}`, args);
    return { list, total, pageNum, pageSize };
  }

  get(req: RpcRequest<{ id: number }>): Promise<ExpertView> {
    return this.visible(req, req.payload.id);
  }

  /** An expert of the caller's organisations; any other answers "not found", so its existence is not revealed. */
  async visible(req: RpcRequest, id: number, m: EntityManager = this.ds.manager): Promise<ExpertView> {
    const [row]: ExpertView[] = await m.query(`${EXPERT_VIEW_SQL} WHERE e.id = $1 AND e.deleted_at IS NULL`, [id]);
    if (!row || !inScope(await this.scopes.of(req), row.groupId)) throw AppError.notFound('expert.notFound', { id });
    return row;
  }

  /** Without id: a new library expert (the account is linked by phone or email, or created). With id: a change. */
  async save(req: RpcRequest<ExpertSavePayload>): Promise<ExpertSaveReply> {
    const caller = callerOf(req);
    const p = checkProfile(req.payload);
    if (p.id) {
      const current = await this.visible(req, p.id);
      await this.ds.query(
        `UPDATE experts SET name = $2, title = $3, unit = $4, email = $5, subjects = $6, keywords = $7, event_ids = $8,
                status = COALESCE($9, status), updated_at = now() WHERE id = $1`,
        [current.id, p.name, p.title ?? '', p.unit ?? '', p.email ?? '', p.subjects ?? [], p.keywords ?? [], p.itemIds ?? [], p.status ?? null],
      );
      return { id: current.id, credential: null };
    }
    if (!p.phone) throw AppError.badRequest('expert.badPhone');
    await this.assertNotInLibrary(caller.groupId, p.phone, p.name);
    const account = await this.accounts.one(req, caller.groupId, { realName: p.name, phone: p.phone, email: p.email || undefined });
    const id = await this.insert(this.ds.manager, {
      ...account,
      groupId: caller.groupId,
      name: p.name,
      title: p.title ?? '',
      unit: p.unit ?? '',
      phone: p.phone,
      email: p.email ?? '',
      subjects: p.subjects ?? [],
      keywords: p.keywords ?? [],
      itemIds: p.itemIds ?? [],
      source: 'library',
    });
    return { id, credential: account.password ? { expertId: id, name: p.name, username: account.username, password: account.password } : null };
  }

  async setStatus(req: RpcRequest<{ id: number; status: ExpertStatus }>): Promise<null> {
    const e = await this.visible(req, req.payload.id);
    await this.ds.query(`UPDATE experts SET status = $2, updated_at = now() WHERE id = $1`, [e.id, req.payload.status]);
    return null;
  }

  /** One library row per account and organisation (a unique index keeps it so under concurrency). */
  async insert(m: EntityManager, e: NewExpert): Promise<number> {
    try {
      const [row] = await m.query(
        `INSERT INTO experts (user_id, username, group_id, name, title, unit, phone, email, subjects, keywords, event_ids, source, competition_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
        [e.userId, e.username, e.groupId, e.name, e.title, e.unit, e.phone, e.email, e.subjects, e.keywords, e.itemIds, e.source, e.competitionId ?? null, e.expiresAt ?? null],
      );
      return row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict('expert.exists', { name: e.name, phone: e.phone || e.username });
      throw err;
    }
  }

  async assertNotInLibrary(groupId: number, phone: string, name: string): Promise<void> {
    const [row] = await this.ds.query(`SELECT 1 FROM experts WHERE group_id = $1 AND phone = $2 AND deleted_at IS NULL`, [groupId, phone]);
    if (row) throw AppError.conflict('expert.exists', { name, phone });
  }
}

/** The checks the DTO cannot make (shared by the library, applications and the service's own callers). */
export function checkProfile<T extends ExpertSavePayload>(p: T): T {
  if (p.phone && !PHONE_PATTERN.test(p.phone)) throw AppError.badRequest('expert.badPhone');
  if (p.email && !EMAIL_PATTERN.test(p.email)) throw AppError.badRequest('expert.badEmail');
  for (const [field, v] of [['unit', p.unit], ['title', p.title]] as const) {
    if (v && v.length > EXPERT_TEXT_MAX) throw AppError.badRequest('expert.tooLong', { field, max: EXPERT_TEXT_MAX });
  }
  for (const [field, list] of [['subjects', p.subjects], ['keywords', p.keywords], ['itemIds', p.itemIds]] as const) {
    if (list && list.length > EXPERT_LIST_MAX) throw AppError.badRequest('expert.tooMany', { field, max: EXPERT_LIST_MAX });
  }
  return { ...p, subjects: [...new Set((p.subjects ?? []).map((s) => s.trim()).filter(Boolean))], keywords: [...new Set((p.keywords ?? []).map((s) => s.trim()).filter(Boolean))] };
}
