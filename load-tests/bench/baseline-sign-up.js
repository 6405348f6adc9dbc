#!/usr/bin/env node
// Bare-handler baseline of the sign-up-rush bench: POST /prod-api/web/enroll/signUp in one plain
// Fastify process doing JWT verify, the Redis session, and the sign-up's row inserts with
// node-postgres, without Nest, NATS or the service's rules. Each request signs up another
// (synthetic) person, so the unique index never refuses one. Env: PORT, DATABASE_URL, REDIS_URL,
// JWT_SECRET, COMPETITION (JSON { id, groupId, name, itemId, itemName }), USER_BASE.
'use strict';

const Fastify = require('fastify');
const Redis = require('ioredis');
const jwt = require('jsonwebtoken');
const { Pool } = require('pg');
const { INSERT_SIGNUP_SQL } = require('./lib/signup-rows');

const env = process.env;
const KEY = require('node:crypto').createSecretKey(Buffer.from(env.JWT_SECRET));
const C = JSON.parse(env.COMPETITION);
const redis = new Redis(env.REDIS_URL || 'redis://127.0.0.1:6379/0', { maxRetriesPerRequest: 2 });
// Pool size 20 like the enrollment service's DB_POOL_SIZE default.
const pool = new Pool({ connectionString: env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
let next = Number(env.USER_BASE || 10_000_000);

const envelope = (code, msg, data = null) => ({ code, msg, data });
const expired = (reply) => reply.status(401).send(envelope(11000, '当前登录已过期，请重新登录'));

app.get('/prod-api/health', async () => {
  await Promise.all([redis.ping(), pool.query('SELECT 1')]);
  return envelope(0, '操作成功', { status: 'ok' });
});

app.post('/prod-api/web/enroll/signUp', async (req, reply) => {
  const m = /^Bearer\s+(\S+)$/i.exec((req.headers.authorization || '').trim());
  if (!m) return expired(reply);
  let claims;
  try {
    claims = jwt.verify(m[1], KEY, { algorithms: ['HS256'] });
  } catch {
    return expired(reply);
  }
  const raw = await redis.get(`sess:${claims.jti}`);
  if (!raw) return expired(reply);
  const body = req.body || {};
  const userId = next++;
  const { rows } = await pool.query({
    name: 'bench.signUp',
    text: INSERT_SIGNUP_SQL,
    values: [C.id, C.itemId, C.groupId, C.name, C.itemName, userId, `bare${userId}`, JSON.stringify(body.profile || {})],
  });
  return envelope(0, '操作成功', { id: Number(rows[0].signup_id), competitionId: C.id, itemId: C.itemId, status: 0 });
});

app.listen({ host: '127.0.0.1', port: Number(env.PORT) }).catch((e) => {
  console.error(e);
  process.exit(1);
});
