import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import type { Redis } from '@cmp/common';
import { sessionKey, type Identity, type LoginReply } from '@cmp/contracts';
import { AUTH_CONFIG, type AuthConfig } from '../config';
import { REDIS } from '../redis.provider';

const userSessionsKey = (userId: number) => `user-sess:${userId}`;

/**
 * Sessions live in Redis under their token's jti, holding the caller's identity. The gateway reads
 * them on every request, so logout, disabling a user or changing roles takes effect at once.
 */
@Injectable()
export class SessionService {
  private readonly key: KeyObject;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret));
  }

  /** `maxTtlSeconds` shortens the session for an account that expires sooner than the usual token life. */
  async open(identity: Omit<Identity, 'sessionId'>, maxTtlSeconds?: number): Promise<LoginReply> {
    const sessionId = randomUUID();
    const ttl = Math.max(1, Math.min(this.config.tokenTtlSeconds, maxTtlSeconds ?? Infinity));
    const token = jwt.sign({ sub: String(identity.userId) }, this.key, {
      algorithm: 'HS256',
      expiresIn: ttl,
      jwtid: sessionId,
    });
    await this.redis
      .multi()
      .set(sessionKey(sessionId), JSON.stringify({ ...identity, sessionId }), 'EX', ttl)
      .sadd(userSessionsKey(identity.userId), sessionId)
      .expire(userSessionsKey(identity.userId), ttl)
      .exec();
    return { token, expiresIn: ttl };
  }

  async close(identity: Identity): Promise<void> {
    await this.redis.multi().del(sessionKey(identity.sessionId)).srem(userSessionsKey(identity.userId), identity.sessionId).exec();
  }

  /** Ends every session of a user (deleted, disabled, password changed). */
  async closeAll(userId: number, keepSessionId?: string): Promise<void> {
    const ids = await this.redis.smembers(userSessionsKey(userId));
    const drop = ids.filter((id) => id !== keepSessionId);
    if (!drop.length) return;
    await this.redis
      .multi()
      .del(...drop.map(sessionKey))
      .srem(userSessionsKey(userId), ...drop)
      .exec();
  }

  /** Rewrites the identity held by each live session of a user, keeping their expiry. */
  async refresh(userId: number, identity: Omit<Identity, 'sessionId'>): Promise<void> {
    const ids = await this.redis.smembers(userSessionsKey(userId));
    if (!ids.length) return;
    const pipe = this.redis.multi();
    for (const id of ids) pipe.set(sessionKey(id), JSON.stringify({ ...identity, sessionId: id }), 'KEEPTTL', 'XX');
    await pipe.exec();
  }
}
