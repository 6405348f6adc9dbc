import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, RPC, type NatsRpcClient } from '@cmp/common';
import { AuthSubject, CONFLICT_KINDS, type ConflictInput, type ConflictView, type ExpertView, type RpcRequest } from '@cmp/contracts';
import { EXPERT_VIEW_SQL } from './expert.service';

/**
 * What an expert sees of themselves: their library profiles (one per organisation that holds them) and their
 * conflict declarations (回避声明). A declaration is the person's, so it is kept on every profile of theirs and
 * the assignment of any organisation honours it.
 */
@Injectable()
export class ExpertSelfService {
  constructor(
    private readonly ds: DataSource,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async mine(req: RpcRequest): Promise<ExpertView[]> {
    const { userId } = callerOf(req);
    return this.ds.query(`${EXPERT_VIEW_SQL} WHERE e.user_id = $1 AND e.deleted_at IS NULL ORDER BY e.id`, [userId]);
  }

  async conflicts(req: RpcRequest): Promise<ConflictView[]> {
    const { userId } = callerOf(req);
    return this.ds.query(
      `SELECT DISTINCT ON (c.kind, c.value) c.id, c.expert_id AS "expertId", c.kind, c.value, c.reason, c.created_at AS "createdAt"
         FROM expert_conflicts c JOIN experts e ON e.id = c.expert_id
        WHERE e.user_id = $1 AND e.deleted_at IS NULL ORDER BY c.kind, c.value, c.id`,
      [userId],
    );
  }

  async save(req: RpcRequest<ConflictInput>): Promise<null> {
    const { userId } = callerOf(req);
    const p = req.payload;
    if (!CONFLICT_KINDS.includes(p.kind)) throw AppError.badRequest('error.badValue');
    const ids = await this.profileIds(userId);
    const value = await this.conflictValue(req, p);
    // One row per profile; declaring the same thing twice changes only the reason.
    await this.ds.query(
      `INSERT INTO expert_conflicts (expert_id, kind, value, reason) SELECT unnest($1::int[]), $2, $3, $4
       ON CONFLICT (expert_id, kind, value) DO UPDATE SET reason = EXCLUDED.reason`,
      [ids, p.kind, value, p.reason?.trim() ?? ''],
    );
    return null;
  }

  async delete(req: RpcRequest<{ id: number }>): Promise<null> {
    const { userId } = callerOf(req);
    const [c] = await this.ds.query(
      `SELECT c.kind, c.value FROM expert_conflicts c JOIN experts e ON e.id = c.expert_id WHERE c.id = $1 AND e.user_id = $2`,
      [req.payload.id, userId],
    );
    if (!c) throw AppError.notFound('expert.conflictNotFound', { id: req.payload.id });
    await this.ds.query(`DELETE FROM expert_conflicts WHERE expert_id = ANY($1::int[]) AND kind = $2 AND value = $3`, [await this.profileIds(userId), c.kind, c.value]);
    return null;
  }

  /** What the conflict checks compare: a school id, a work id, or the person's user id (the expert types the account name). */
  private async conflictValue(req: RpcRequest, p: ConflictInput): Promise<string> {
    const text = p.value.trim();
    if (p.kind !== 'person') {
      if (!/^[1-9]\d{0,9}$/.test(text)) throw AppError.badRequest('expert.badConflictId', { kind: p.kind });
      return text;
    }
    const found = await this.rpc.request<{ id: number; username: string }[]>(AuthSubject.userIdsByName, { meta: req.meta, payload: { usernames: [text] } });
    if (!found[0]) throw AppError.badRequest('expert.unknownPerson', { username: text });
    return String(found[0].id);
  }

  private async profileIds(userId: number): Promise<number[]> {
    const rows: { id: number }[] = await this.ds.query(`SELECT id FROM experts WHERE user_id = $1 AND deleted_at IS NULL`, [userId]);
    if (!rows.length) throw AppError.noAccess('expert.notExpert');
    return rows.map((r) => r.id);
  }
}
