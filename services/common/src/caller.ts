import { Inject, Injectable, type Provider } from '@nestjs/common';
import { AuthSubject, ErrorCode, type Identity, type RpcRequest } from '@cmp/contracts';
import { AppError } from './app-error';
import { RPC } from './nats-rpc';
import type { NatsRpcClient } from './nats-rpc';

/** The caller, or LOGIN_EXPIRED: the gateway sends an identity with every call that needs one. */
export function callerOf(req: RpcRequest): Identity {
  if (!req.identity) throw new AppError(ErrorCode.LOGIN_EXPIRED, 'auth.expired');
  return req.identity;
}

/** Organisation ids a caller may manage (their own and its subordinates); null means all (ROOT). */
export type Scope = number[] | null;

/** Whether a row of organisation `groupId` is inside a scope. Platform-wide rows (null) are ROOT's alone. */
export const inScope = (scope: Scope, groupId: number | null): boolean => scope === null || (groupId !== null && scope.includes(groupId));

/** Where a scope comes from: the auth service answers it locally, every other service asks auth over NATS. */
export const SCOPE_SOURCE = Symbol('SCOPE_SOURCE');
export type ScopeSource = (caller: Identity, req: RpcRequest) => Promise<Scope>;

/**
 * The caller's scope, asked once per request and remembered for the rest of it, however many checks the
 * request makes. The answer is kept on the identity object the request carries (copies of the request made
 * with `{ ...req, payload }` share it), so it lives exactly as long as the request.
 */
@Injectable()
export class Scopes {
  private readonly asked = new WeakMap<Identity, Promise<Scope>>();

  constructor(@Inject(SCOPE_SOURCE) private readonly source: ScopeSource) {}

  async of(req: RpcRequest): Promise<Scope> {
    const caller = callerOf(req);
    let scope = this.asked.get(caller);
    if (!scope) {
      scope = this.source(caller, req);
      this.asked.set(caller, scope);
      // A failed answer is not remembered: the next request (or a retry) asks again.
      scope.catch(() => this.asked.delete(caller));
    }
    return scope;
  }

  /** Throws NO_ACCESS unless organisation `groupId` is the caller's own or one of its subordinates. */
  async assertGroup(req: RpcRequest, groupId: number): Promise<void> {
    if (!inScope(await this.of(req), groupId)) throw AppError.noAccess('auth.unknownGroup', { groupId });
  }
}

/** Scopes for services other than auth: asked of the auth service over the service's NATS client. */
export const scopesOverNats: Provider[] = [
  {
    provide: SCOPE_SOURCE,
    inject: [RPC],
    useFactory:
      (rpc: NatsRpcClient): ScopeSource =>
      (identity, req) =>
        rpc.request<Scope>(AuthSubject.groupScope, { identity, meta: req.meta, payload: {} }),
  },
  Scopes,
];

/** Who did something, as records of money keep it: the account (for checks such as "not the same person") and the person's real name (for people to read). */
export interface Actor {
  userId: number;
  username: string;
  realName: string;
}

/** The caller as an Actor: their real name is asked of the auth service (the session carries only the account). */
export async function actorOf(rpc: NatsRpcClient, req: RpcRequest): Promise<Actor> {
  const me = callerOf(req);
  const info = await rpc.request<{ realName?: string }>(AuthSubject.userInfo, { identity: me, meta: req.meta, payload: {} });
  return { userId: me.userId, username: me.username, realName: info.realName?.trim() || me.username };
}
