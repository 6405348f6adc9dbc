import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey, type KeyObject } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import { AppError, type Redis } from '@cmp/common';
import { ErrorCode, sessionKey, type Identity, type TokenClaims } from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { REDIS } from '../redis.provider';

/** How many verified tokens the gateway remembers (about 300 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

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

  /**
   * Tokens whose signature was verified, by their exact text, oldest first. The HMAC check was the gateway's largest
   * computing cost per request, and a client sends the same token on every call. Expiry is still checked on every use
   * (as jwt.verify does) and the session in Redis on every call, so logging out still ends a token at once.
   */
  private readonly verified = new Map<string, TokenClaims>();

  /** The caller behind a token; 11000 when it is expired, forged or logged out. */
  async identityOf(token: string): Promise<Identity> {
    const claims = this.claimsOf(token);
    const raw = await this.redis.get(sessionKey(claims.jti));
    if (!raw) throw loginExpired();
    return JSON.parse(raw) as Identity;
  }

  /** A token's claims when its signature is ours and it has not expired; 11000 otherwise. */
  private claimsOf(token: string): TokenClaims {
    const known = this.verified.get(token);
    if (known) {
      // jsonwebtoken's rule: expired from the second `exp` on.
      if (Math.floor(Date.now() / 1000) < known.exp) return known;
      this.verified.delete(token);
      throw loginExpired();
    }
    let claims: TokenClaims;
    try {
      claims = jwt.verify(token, this.key, { algorithms: ['HS256'] }) as TokenClaims;
    } catch {
      throw loginExpired();
    }
    // Only tokens that expire are kept; the oldest makes room (a few MB at most).
    if (typeof claims.exp === 'number') {
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, claims);
    }
    return claims;
  }

  /** Seconds until the token expires (0 when it has no expiry or is unreadable). */
  secondsLeft(token: string): number {
    const exp = (jwt.decode(token) as TokenClaims | null)?.exp;
    return exp ? Math.max(0, exp - Math.floor(Date.now() / 1000)) : 0;
  }
}
