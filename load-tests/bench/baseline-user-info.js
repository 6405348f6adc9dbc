#!/usr/bin/env node
// Baseline for the user-info bench: the same work as GET /prod-api/auth/user/info (JWT verify,
// Redis session, one SQL query, same envelope) in one bare Fastify process, without Nest or NATS.
// It shows what the lookups themselves cost. Started as a child by user-info.js, so it does not
// share an event loop with the load generator. Env: PORT, DATABASE_URL, REDIS_URL, JWT_SECRET.
'use strict';

const { bareServer } = require('./lib/bare-server');

// The very query the auth service runs (its package's entry, built by npm run build).
const { LOAD_USER_SQL: USER_SQL } = require('@cmp/auth');

// Pool size 10 like the auth service's DB_POOL_SIZE default.
const { app, pool, envelope, session, listen } = bareServer({ max: 10, options: '-c search_path=auth' });

app.get('/prod-api/auth/user/info', async (req, reply) => {
  const identity = await session(req, reply);
  if (!identity) return reply;
  const { userId } = identity;
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

listen(8090);
