'use strict';
// What the bare-handler baselines share: one plain Fastify process with the platform's envelope, a health
// route, and the gateway's login check (bearer JWT, HS256 with a KeyObject as the AuthGuard passes it, then
// the Redis session), without Nest or NATS. Env: PORT, DATABASE_URL, REDIS_URL, JWT_SECRET.

const Fastify = require('fastify');
const Redis = require('ioredis');
const jwt = require('jsonwebtoken');
const { Pool } = require('pg');

const envelope = (code, msg, data = null) => ({ code, msg, data });

/** `poolOptions`: the service's pool size (and search_path) the baseline stands in for; JIT off, as every service's pool. */
function bareServer(poolOptions) {
  const env = process.env;
  if (!env.JWT_SECRET) throw new Error('JWT_SECRET is required');
  const key = require('node:crypto').createSecretKey(Buffer.from(env.JWT_SECRET));
  const redis = new Redis(env.REDIS_URL || 'redis://127.0.0.1:6379/0', { maxRetriesPerRequest: 2, keyPrefix: `${env.REDIS_PREFIX || 'cmp'}:` });
  const pool = new Pool({ connectionString: env.DATABASE_URL, ...poolOptions, options: [poolOptions.options, '-c jit=off'].filter(Boolean).join(' ') });
  const app = Fastify({ logger: false });

  app.get('/prod-api/health', async () => {
    await Promise.all([redis.ping(), pool.query('SELECT 1')]);
    return envelope(0, '操作成功', { status: 'ok' });
  });

  /** The caller's session, or undefined after answering 11000 (no token, bad token, session gone). */
  async function session(req, reply) {
    const expired = () => void reply.status(401).send(envelope(11000, '当前登录已过期，请重新登录'));
    const m = /^Bearer\s+(\S+)$/i.exec((req.headers.authorization || '').trim());
    if (!m) return expired();
    let claims;
    try {
      claims = jwt.verify(m[1], key, { algorithms: ['HS256'] });
    } catch {
      return expired();
    }
    const raw = await redis.get(`sess:${claims.jti}`);
    if (!raw) return expired();
    return JSON.parse(raw);
  }

  function listen(defaultPort) {
    const close = () => Promise.allSettled([app.close(), pool.end(), redis.quit()]).then(() => process.exit(0));
    process.once('SIGTERM', close);
    process.once('SIGINT', close);
    app.listen({ host: '127.0.0.1', port: Number(env.PORT || defaultPort) }).catch((e) => {
      console.error(e);
      process.exit(1);
    });
  }

  return { app, pool, envelope, session, listen };
}

module.exports = { bareServer };
