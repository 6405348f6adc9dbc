import { AppError, type NatsRpcClient } from '@cmp/common';
import { AuthSubject, ErrorCode, type Identity, type RpcRequest } from '@cmp/contracts';

/** The caller, or LOGIN_EXPIRED: the gateway sends an identity with every call that needs one. */
export function callerOf(req: RpcRequest): Identity {
  if (!req.identity) throw new AppError(ErrorCode.LOGIN_EXPIRED, 'auth.expired');
  return req.identity;
}

/** Organisation ids the caller may manage (their own and its subordinates); null means all (ROOT). */
export function scopeOf(rpc: NatsRpcClient, req: RpcRequest): Promise<number[] | null> {
  return rpc.request<number[] | null>(AuthSubject.groupScope, { ...req, identity: callerOf(req), payload: {} });
}

/** Whether an organisation is inside a scope (null scope: ROOT, everything). */
export const inScope = (scope: number[] | null, groupId: number): boolean => scope === null || scope.includes(groupId);
