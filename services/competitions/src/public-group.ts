import { AppError, type NatsRpcClient } from '@cmp/common';
import { AuthSubject, type RpcRequest } from '@cmp/contracts';

/** The organisation whose public site a visitor is on: the id they gave, else the host they used. */
export async function publicGroupOf(rpc: NatsRpcClient, req: RpcRequest<{ groupId?: number; host?: string }>): Promise<number> {
  if (req.payload.groupId) return req.payload.groupId;
  const host = (req.payload.host ?? '').split(':')[0];
  const found = await rpc.request<{ groupId: number } | null>(AuthSubject.groupResolve, { ...req, payload: { host } });
  if (!found) throw AppError.notFound('website.unknownHost', { host });
  return found.groupId;
}
