#!/usr/bin/env node
// Bare-handler baseline of the sign-up-rush bench: POST /prod-api/web/enroll/signUp in one plain
// Fastify process doing JWT verify, the Redis session, and the sign-up's row inserts with
// node-postgres, without Nest, NATS or the service's rules. Each request signs up another
// (synthetic) person, so the unique index never refuses one. Env: PORT, DATABASE_URL, REDIS_URL,
// JWT_SECRET, COMPETITION (JSON { id, groupId, name, itemId, itemName }), USER_BASE.
'use strict';

const { bareServer } = require('./lib/bare-server');
const { INSERT_SIGNUP_SQL } = require('./lib/signup-rows');

const C = JSON.parse(process.env.COMPETITION);
// Pool size 20 like the enrollment service's DB_POOL_SIZE default.
const { app, pool, envelope, session, listen } = bareServer({ max: 20 });
let next = Number(process.env.USER_BASE || 10_000_000);

app.post('/prod-api/web/enroll/signUp', async (req, reply) => {
  if (!(await session(req, reply))) return reply;
  const body = req.body || {};
  const userId = next++;
  const { rows } = await pool.query({
    name: 'bench.signUp',
    text: INSERT_SIGNUP_SQL,
    values: [C.id, C.itemId, C.groupId, C.name, C.itemName, userId, `bare${userId}`, JSON.stringify(body.profile || {})],
  });
  return envelope(0, '操作成功', { id: Number(rows[0].signup_id), competitionId: C.id, itemId: C.itemId, status: 0 });
});

listen();
