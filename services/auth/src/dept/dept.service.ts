import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, Scopes } from '@cmp/common';
import type { Dept, RpcRequest } from '@cmp/contracts';
import { buildTree } from '../tree';

export type DeptSavePayload = Omit<Dept, 'children' | 'id' | 'groupId'> & { id?: number; groupId?: number };

@Injectable()
export class DeptService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
  ) {}

  async tree(req: RpcRequest<{ groupId?: number }>): Promise<Dept[]> {
    const groupId = req.payload?.groupId ?? callerOf(req).groupId;
    await this.scopes.assertGroup(req, groupId);
    const rows: Omit<Dept, 'children'>[] = await this.ds.query(
      `SELECT id, group_id AS "groupId", parent_id AS "parentId", name, order_num AS "orderNum"
         FROM depts WHERE group_id = $1 ORDER BY order_num, id`,
      [groupId],
    );
    return buildTree(
      rows.map((r) => ({ ...r, children: [] as Dept[] })),
      (r) => r.id,
    );
  }

  async save(req: RpcRequest<DeptSavePayload>): Promise<{ id: number }> {
    const p = req.payload;
    const groupId = p.id ? await this.groupOf(p.id) : (p.groupId ?? callerOf(req).groupId);
    await this.scopes.assertGroup(req, groupId);
    if (p.parentId !== null && (p.parentId === p.id || (await this.groupOf(p.parentId)) !== groupId)) {
      throw AppError.badRequest('error.validation', { detail: 'parentId' });
    }
    if (p.id) {
      await this.ds.query(`UPDATE depts SET parent_id = $2, name = $3, order_num = $4 WHERE id = $1`, [p.id, p.parentId, p.name, p.orderNum]);
      return { id: p.id };
    }
    const [row] = await this.ds.query(`INSERT INTO depts (group_id, parent_id, name, order_num) VALUES ($1, $2, $3, $4) RETURNING id`, [
      groupId,
      p.parentId,
      p.name,
      p.orderNum,
    ]);
    return { id: row.id };
  }

  async delete(req: RpcRequest<{ id: number }>): Promise<null> {
    const { id } = req.payload;
    await this.scopes.assertGroup(req, await this.groupOf(id));
    const [used] = await this.ds.query(
      `SELECT 1 FROM depts WHERE parent_id = $1 UNION ALL SELECT 1 FROM users WHERE dept_id = $1 AND deleted_at IS NULL LIMIT 1`,
      [id],
    );
    if (used) throw AppError.badRequest('dept.hasChildren');
    await this.ds.query(`DELETE FROM depts WHERE id = $1`, [id]);
    return null;
  }

  private async groupOf(id: number): Promise<number> {
    const [row] = await this.ds.query(`SELECT group_id FROM depts WHERE id = $1`, [id]);
    if (!row) throw AppError.notFound('dept.notFound', { id });
    return row.group_id;
  }
}
