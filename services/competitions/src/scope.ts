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

/** The organisation whose public site a visitor is on: the id they gave, else the host they used. */
export async function publicGroupOf(rpc: NatsRpcClient, req: RpcRequest<{ groupId?: number; host?: string }>): Promise<number> {
  if (req.payload.groupId) return req.payload.groupId;
  const host = (req.payload.host ?? '').split(':')[0];
  const found = await rpc.request<{ groupId: number } | null>(AuthSubject.groupResolve, { ...req, payload: { host } });
  if (!found) throw AppError.notFound('website.unknownHost', { host });
  return found.groupId;
}
