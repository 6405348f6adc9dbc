import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createSecretKey, type KeyObject } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import { AppError, type Redis } from '@cmp/common';
import { ErrorCode, hasAnyPermission, sessionKey, type Identity, type TokenClaims } from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { REDIS } from '../redis.provider';
import { ACCESS_KEY, type Access } from './access.decorators';
import type { GatewayRequest } from './request-context';

const expired = () => new AppError(ErrorCode.LOGIN_EXPIRED, 'auth.expired');

/**
 * Verifies the bearer token, loads the caller's live session from Redis and applies the route's
 * access rule. A token that is expired, forged or logged out answers 11000.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  // A KeyObject: given a string, jsonwebtoken tries to parse it as a PEM key on every call.
  private readonly key: KeyObject;
  // The access rule of each handler, read from its metadata once.
  private readonly rules = new Map<unknown, Access | undefined>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret));
  }

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
      if (token) req.identity = (await this.identityOf(token).catch(() => undefined)) ?? undefined;
      return true;
    }
    if (!token) throw expired();
    const identity = await this.identityOf(token);
    req.identity = identity;
    if (access.kind === 'permissions' && !hasAnyPermission(identity, access.anyOf)) throw AppError.noAccess();
    return true;
  }

  private async identityOf(token: string): Promise<Identity> {
    let claims: TokenClaims;
    try {
      claims = jwt.verify(token, this.key, { algorithms: ['HS256'] }) as TokenClaims;
    } catch {
      throw expired();
    }
    const raw = await this.redis.get(sessionKey(claims.jti));
    if (!raw) throw expired();
    return JSON.parse(raw) as Identity;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1] : null;
}
