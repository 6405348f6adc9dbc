import { Inject, Injectable } from '@nestjs/common';
import { AppError, NatsRpcClient } from '@cmp/common';
import { AuthSubject, ErrorCode, type Identity, type RpcRequest } from '@cmp/contracts';
import { AUTH_RPC } from '../rpc.provider';

/** The caller of a back-office call; the gateway sends none only when the session is gone. */
export function callerOf(req: RpcRequest<unknown>): Identity {
  if (!req.identity) throw new AppError(ErrorCode.LOGIN_EXPIRED, 'auth.expired');
  return req.identity;
}

/**
 * Organisations the caller manages: their own and every subordinate one, as the auth service knows them;
 * null means all (ROOT). Asked per call, so a moved organisation counts at once.
 */
@Injectable()
export class ScopeService {
  constructor(@Inject(AUTH_RPC) private readonly rpc: NatsRpcClient) {}

  of(req: RpcRequest<unknown>): Promise<number[] | null> {
    return this.rpc.request<number[] | null>(AuthSubject.groupScope, { ...req, identity: callerOf(req), payload: {} });
  }
}

/** True when a row managed by `groupId` is the caller's to change. Platform-wide rows (null) are ROOT's. */
export const manages = (scope: number[] | null, groupId: number | null): boolean => scope === null || (groupId !== null && scope.includes(groupId));
