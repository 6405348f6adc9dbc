import { Inject, Injectable } from '@nestjs/common';
import { AppError, RPC, type NatsRpcClient } from '@cmp/common';
import { AuthSubject, type ExpertAccountRequest, type ExpertAccountResult, type MessageKey, type RpcRequest } from '@cmp/contracts';

/** Expert accounts live in auth: this asks it to create or link them (with the caller's identity, so auth checks scope and permission). */
@Injectable()
export class ExpertAccounts {
  constructor(@Inject(RPC) private readonly rpc: NatsRpcClient) {}

  request(req: RpcRequest, groupId: number, accounts: ExpertAccountRequest[], dryRun = false): Promise<ExpertAccountResult[]> {
    return this.rpc.request(AuthSubject.expertAccounts, { identity: req.identity, meta: req.meta, payload: { groupId, accounts, dryRun } });
  }

  /** One account; a refusal (another organisation's phone) becomes the error it names. */
  async one(req: RpcRequest, groupId: number, account: ExpertAccountRequest): Promise<ExpertAccountResult & { userId: number; username: string }> {
    const [r] = await this.request(req, groupId, [account]);
    if (r.error) throw AppError.conflict(r.error as MessageKey, r.errorParams);
    return r as ExpertAccountResult & { userId: number; username: string };
  }
}
