import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey, type KeyObject } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import { AppError, type Redis } from '@cmp/common';
import { ErrorCode, sessionKey, type Identity, type TokenClaims } from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { REDIS } from '../redis.provider';

export const loginExpired = () => new AppError(ErrorCode.LOGIN_EXPIRED, 'auth.expired');

/** A token's live session: verified, not expired and not logged out (its session is still in Redis). */
@Injectable()
export class Sessions {
  // A KeyObject: given a string, jsonwebtoken tries to parse it as a PEM key on every call.
  private readonly key: KeyObject;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret));
  }

  /** The caller behind a token; 11000 when it is expired, forged or logged out. */
  async identityOf(token: string): Promise<Identity> {
    let claims: TokenClaims;
    try {
      claims = jwt.verify(token, this.key, { algorithms: ['HS256'] }) as TokenClaims;
    } catch {
      throw loginExpired();
    }
    const raw = await this.redis.get(sessionKey(claims.jti));
    if (!raw) throw loginExpired();
    return JSON.parse(raw) as Identity;
  }

  /** Seconds until the token expires (0 when it has no expiry or is unreadable). */
  secondsLeft(token: string): number {
    const exp = (jwt.decode(token) as TokenClaims | null)?.exp;
    return exp ? Math.max(0, exp - Math.floor(Date.now() / 1000)) : 0;
  }
}
