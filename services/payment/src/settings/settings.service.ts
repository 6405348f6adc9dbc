import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { actorOf, callerOf, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import { DEFAULT_REFUND_APPROVAL_FEN, type FinanceSettings, type RpcRequest } from '@cmp/contracts';

/** The refund approval amount of an organisation: its own setting, or the default. */
export async function refundApprovalFen(m: Pick<EntityManager, 'query'>, groupId: number): Promise<number> {
  const [row] = await m.query(`SELECT refund_approval_fen AS fen FROM finance_settings WHERE group_id = $1`, [groupId]);
  return row ? Number(row.fen) : DEFAULT_REFUND_APPROVAL_FEN;
}

/**
 * 财务设置: settings an organisation's finance staff choose for themselves. Each organisation has its own (a
 * subordinate without one uses the default, not its superior's); the caller's own unless they name another they manage.
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async get(req: RpcRequest<{ groupId?: number }>): Promise<FinanceSettings> {
    const groupId = await this.groupOf(req);
    const [row] = await this.ds.query(
      `SELECT refund_approval_fen AS "refundApprovalFen", updated_by_name AS "updatedByName", updated_at AS "updatedAt" FROM finance_settings WHERE group_id = $1`,
      [groupId],
    );
    return { groupId, refundApprovalFen: DEFAULT_REFUND_APPROVAL_FEN, updatedByName: null, updatedAt: null, ...row };
  }

  async save(req: RpcRequest<{ groupId?: number; refundApprovalFen: number }>): Promise<FinanceSettings> {
    const groupId = await this.groupOf(req);
    const me = await actorOf(this.rpc, req);
    await this.ds.query(
      `INSERT INTO finance_settings (group_id, refund_approval_fen, updated_by, updated_by_name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (group_id) DO UPDATE SET refund_approval_fen = EXCLUDED.refund_approval_fen, updated_by = EXCLUDED.updated_by,
         updated_by_name = EXCLUDED.updated_by_name, updated_at = now()`,
      [groupId, req.payload.refundApprovalFen, me.username.slice(0, 64), me.realName.slice(0, 50)],
    );
    return this.get({ ...req, payload: { groupId } });
  }

  private async groupOf(req: RpcRequest<{ groupId?: number }>): Promise<number> {
    const groupId = req.payload.groupId ?? callerOf(req).groupId;
    await this.scopes.assertGroup(req, groupId);
    return groupId;
  }
}
