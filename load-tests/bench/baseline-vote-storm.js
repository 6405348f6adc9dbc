#!/usr/bin/env node
// Bare-handler baseline of the vote-storm bench: POST /prod-api/web/vote/cast in one plain Fastify process that
// checks the login as the gateway does (JWT, then the Redis session) and casts the vote with the same statement
// (review.cast_vote: the window open, the work in it, the daily limit, one vote per account, work and day), without
// Nest, NATS or the per-address limit. Env: PORT, DATABASE_URL, REDIS_URL, JWT_SECRET.
'use strict';

const { bareServer } = require('./lib/bare-server');

// Pool size 10 like the review service's DB_POOL_SIZE default.
const { app, pool, envelope, session, listen } = bareServer({ max: 10 });

app.post('/prod-api/web/vote/cast', async (req, reply) => {
  const me = await session(req, reply);
  if (!me) return reply;
  const { windowId, workId } = req.body || {};
  const { rows } = await pool.query({
    name: 'bench.vote',
    text: `SELECT outcome, votes FROM review.cast_vote($1, $2, $3, $4, $5)`,
    values: [windowId, workId, me.userId, me.createdAt ?? null, req.ip],
  });
  const [r] = rows;
  if (r.outcome !== 'counted' && r.outcome !== 'already') return envelope(10409, r.outcome);
  return envelope(0, '操作成功', { counted: r.outcome === 'counted', votes: r.votes });
});

listen();
