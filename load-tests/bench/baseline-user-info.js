#!/usr/bin/env node
// Baseline for the user-info bench: the same work as GET /prod-api/auth/user/info (JWT verify,
// Redis session, one SQL query, same envelope) in one bare Fastify process, without Nest or NATS.
// It shows what the lookups themselves cost. Started as a child by user-info.js, so it does not
// share an event loop with the load generator. Env: PORT, DATABASE_URL, REDIS_URL, JWT_SECRET.
'use strict';

const Fastify = require('fastify');
const Redis = require('ioredis');
const jwt = require('jsonwebtoken');
const { Pool } = require('pg');

// The very query the auth service runs (built into services/auth/dist by npm run build).
const { LOAD_USER_SQL: USER_SQL } = require('../../services/auth/dist/access/access.service');

const env = process.env;
if (!env.JWT_SECRET) throw new Error('JWT_SECRET is required');
const KEY = require('node:crypto').createSecretKey(Buffer.from(env.JWT_SECRET));
const redis = new Redis(env.REDIS_URL || 'redis://127.0.0.1:6379/0', { maxRetriesPerRequest: 2 });
// Pool size 10 like the auth service's DB_POOL_SIZE default.
const pool = new Pool({ connectionString: env.DATABASE_URL, max: 10, options: '-c search_path=auth' });
const app = Fastify({ logger: false });

const envelope = (code, msg, data = null) => ({ code, msg, data });
const expired = (reply) => reply.status(401).send(envelope(11000, '当前登录已过期，请重新登录'));

app.get('/prod-api/health', async () => {
  await Promise.all([redis.ping(), pool.query('SELECT 1')]);
  return envelope(0, '操作成功', { status: 'ok' });
});

app.get('/prod-api/auth/user/info', async (req, reply) => {
  const m = /^Bearer\s+(\S+)$/i.exec((req.headers.authorization || '').trim());
  if (!m) return expired(reply);
  let claims;
  try {
    // A KeyObject, as the gateway's AuthGuard passes it.
    claims = jwt.verify(m[1], KEY, { algorithms: ['HS256'] });
  } catch {
    return expired(reply);
  }
  const raw = await redis.get(`sess:${claims.jti}`);
  if (!raw) return expired(reply);
  const { userId } = JSON.parse(raw);
  // A named prepared statement, as AccessService.loadUser runs it.
  const { rows } = await pool.query({ name: 'auth.loadUser', text: USER_SQL, values: [userId] });
  const u = rows[0];
  if (!u) return reply.status(404).send(envelope(10404, 'user not found'));
  return envelope(0, '操作成功', {
    userId: u.id,
    username: u.username,
    realName: u.real_name,
    avatar: u.avatar,
    groupId: u.group_id,
    roleIds: u.role_ids || [],
    roleKeys: u.role_keys && u.role_keys.length ? u.role_keys : ['t'],
    permissions: (u.permissions || []).sort(),
  });
});

const close = () => Promise.allSettled([app.close(), pool.end(), redis.quit()]).then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);

app.listen({ host: '127.0.0.1', port: Number(env.PORT || 8090) }).catch((e) => {
  console.error(e);
  process.exit(1);
});
