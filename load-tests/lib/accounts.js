'use strict';
// Student accounts for load runs: `<prefix>0` ... `<prefix>(n-1)`, in student1's organisation with
// student1's password (Demo@2026 in the demo data), inserted straight into auth.users (creating
// thousands through the API would measure password hashing instead of the platform). Optionally a
// session and token each, opened as the auth service opens them (Redis session + HS256 token).

const { randomUUID, createSecretKey } = require('node:crypto');
const jwt = require('jsonwebtoken');
const Redis = require('ioredis');
const { Client } = require('pg');

async function createAccounts({ databaseUrl, prefix, count }) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `WITH made AS (
         INSERT INTO auth.users (group_id, username, password_hash, real_name)
         SELECT u.group_id, $1 || (g - 1), u.password_hash, '压测学生' || (g - 1) FROM auth.users u, generate_series(1, $2::int) g
         WHERE u.username = 'student1' AND u.deleted_at IS NULL
         ON CONFLICT DO NOTHING
         RETURNING id, username, group_id)
       SELECT id, username, group_id AS "groupId" FROM made ORDER BY id`,
      [prefix, count],
    );
    await db.query(`INSERT INTO auth.user_roles (user_id, role_id) SELECT u, r.id FROM unnest($1::int[]) u, auth.roles r WHERE r.key = 'student'`, [
      rows.map((r) => r.id),
    ]);
    return rows;
  } finally {
    await db.end();
  }
}

/** A session and token for each account (TTL one hour), under the platform's Redis prefix (REDIS_PREFIX). */
async function openSessions({ redisUrl, redisPrefix = 'cmp', jwtSecret, accounts }) {
  const redis = new Redis(redisUrl || 'redis://127.0.0.1:6379/0', { keyPrefix: `${redisPrefix}:` });
  const key = createSecretKey(Buffer.from(jwtSecret));
  try {
    const out = [];
    for (let i = 0; i < accounts.length; i += 1000) {
      const pipe = redis.pipeline();
      for (const a of accounts.slice(i, i + 1000)) {
        const sessionId = randomUUID();
        const identity = { userId: a.id, username: a.username, groupId: a.groupId, roleKeys: ['student'], permissions: [], sessionId };
        pipe.set(`sess:${sessionId}`, JSON.stringify(identity), 'EX', 3600);
        out.push({ ...a, session: identity, token: jwt.sign({ sub: String(a.id) }, key, { algorithm: 'HS256', expiresIn: 3600, jwtid: sessionId }) });
      }
      await pipe.exec();
    }
    return out;
  } finally {
    redis.disconnect();
  }
}

/** Writes the sessions of accounts answered by openSessions again (should a restarted Redis have lost them). */
async function restoreSessions({ redisUrl, redisPrefix = 'cmp', accounts }) {
  const redis = new Redis(redisUrl || 'redis://127.0.0.1:6379/0', { keyPrefix: `${redisPrefix}:`, maxRetriesPerRequest: 1 });
  try {
    for (let i = 0; i < accounts.length; i += 1000) {
      const pipe = redis.pipeline();
      for (const a of accounts.slice(i, i + 1000)) pipe.set(`sess:${a.session.sessionId}`, JSON.stringify(a.session), 'EX', 3600);
      await pipe.exec();
    }
  } finally {
    redis.disconnect();
  }
}

module.exports = { createAccounts, openSessions, restoreSessions };
