import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { AuthSubject, ErrorCode, GROUP_TREE_CHANGED, isRoot, type Identity, type RpcRequest } from '@cmp/contracts';
import { AppError } from './app-error';
import { subscribeBroadcast, type RunningConsumer } from './events';
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

/** How long a kept scope is answered without asking again, should a GROUP_TREE_CHANGED broadcast have been missed. */
export const SCOPE_KEPT_MS = 10_000;
/** Organisations whose scopes are kept at most (all of them are dropped beyond it). */
const SCOPES_KEPT_MOST = 10_000;

/**
 * Scopes kept per organisation, not per token (issue 29, reads): the auth service's answer depends only on whether the
 * caller is ROOT and on the caller's organisation (its subtree), so every caller of one organisation shares one answer.
 * All are dropped when the auth service broadcasts GROUP_TREE_CHANGED, which it publishes after the transaction that
 * made, moved or deleted an organisation committed and before it answers that change: the server delivers it to this
 * replica before any request sent after that answer, and a scope asked after the drop is read after the change. An
 * answer still on its way when the drop comes is not kept (it left the map with the drop). After a reconnect (a
 * broadcast may have passed while away) all are dropped too, and none is answered past SCOPE_KEPT_MS.
 */
@Injectable()
export class KeptScopes implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly kept = new Map<string, { at: number; scope: Promise<Scope> }>();
  private sub?: RunningConsumer;
  private closed = false;

  constructor(@Inject(RPC) private readonly rpc: NatsRpcClient) {}

  onApplicationBootstrap(): void {
    const nc = this.rpc.connection;
    this.sub = subscribeBroadcast(nc, GROUP_TREE_CHANGED, () => this.drop());
    void (async () => {
      for await (const s of nc.status()) {
        if (this.closed) break;
        if (s.type === 'reconnect' || s.type === 'disconnect') this.drop();
      }
    })().catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.sub?.stop();
  }

  /** Forgets every kept scope. */
  drop(): void {
    this.kept.clear();
  }

  /** The caller's scope: kept for the caller's organisation (or ROOT), else asked of the auth service. */
  of(identity: Identity, req: RpcRequest): Promise<Scope> {
    const key = isRoot(identity) ? 'root' : `group:${identity.groupId}`;
    const now = Date.now();
    const entry = this.kept.get(key);
    if (entry && now - entry.at < SCOPE_KEPT_MS) return entry.scope;
    const scope = this.rpc.request<Scope>(AuthSubject.groupScope, { identity, meta: req.meta, payload: {} });
    if (this.kept.size >= SCOPES_KEPT_MOST) this.kept.clear();
    this.kept.set(key, { at: now, scope });
    // A failed answer is not kept.
    scope.catch(() => {
      if (this.kept.get(key)?.scope === scope) this.kept.delete(key);
    });
    return scope;
  }
}

/**
 * Scopes for services other than auth, kept per organisation (KeptScopes): the service's NATS user must hear
 * GROUP_TREE_CHANGED (contracts, nats-users.ts).
 */
export const keptScopesOverNats: Provider[] = [
  KeptScopes,
  { provide: SCOPE_SOURCE, inject: [KeptScopes], useFactory: (kept: KeptScopes): ScopeSource => (identity, req) => kept.of(identity, req) },
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
