import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@cmp/common';
import { hasAnyPermission, isRoot } from '@cmp/contracts';
import { ACCESS_KEY, type Access } from './access.decorators';
import type { GatewayRequest } from './request-context';
import { loginExpired, Sessions } from './sessions';

/**
 * Verifies the bearer token, loads the caller's live session from Redis and applies the route's
 * access rule. A token that is expired, forged or logged out answers 11000.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  // The access rule of each handler, read from its metadata once.
  private readonly rules = new Map<unknown, Access | undefined>();

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: Sessions,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const handler = ctx.getHandler();
    let access = this.rules.get(handler);
    if (access === undefined) {
      access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, ctx.getClass()]);
      this.rules.set(handler, access);
    }
    if (!access) throw new Error(`Route ${ctx.getClass().name}.${ctx.getHandler().name} declares no access rule`);
    const req = ctx.switchToHttp().getRequest<GatewayRequest>();
    const token = bearerToken(req.headers.authorization);
    if (access.kind === 'public') {
      // Open routes still learn who is calling when a valid token comes along.
      if (token) req.identity = (await this.sessions.identityOf(token).catch(() => undefined)) ?? undefined;
      return true;
    }
    if (!token) throw loginExpired();
    const identity = await this.sessions.identityOf(token);
    req.identity = identity;
    if (access.kind === 'permissions' && !hasAnyPermission(identity, access.anyOf)) throw AppError.noAccess();
    if (access.kind === 'root' && !isRoot(identity)) throw AppError.noAccess();
    return true;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1] : null;
}
