import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf } from '@cmp/common';
import { CONFLICT_KINDS, type ConflictInput, type ConflictView, type ExpertView, type RpcRequest } from '@cmp/contracts';
import { EXPERT_VIEW_SQL } from './expert.service';

/**
 * What an expert sees of themselves: their library profiles (one per organisation that holds them) and their
 * conflict declarations (回避声明). A declaration is the person's, so it is kept on every profile of theirs and
 * the assignment of any organisation honours it.
 */
@Injectable()
export class ExpertSelfService {
  constructor(private readonly ds: DataSource) {}

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
    const value = p.value.trim();
    const ids = await this.profileIds(userId);
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

  private async profileIds(userId: number): Promise<number[]> {
    const rows: { id: number }[] = await this.ds.query(`SELECT id FROM experts WHERE user_id = $1 AND deleted_at IS NULL`, [userId]);
    if (!rows.length) throw AppError.noAccess('expert.notExpert');
    return rows.map((r) => r.id);
  }
}
