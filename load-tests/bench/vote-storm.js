'use strict';
// Issue 16's vote-storm bench: 2,000 logged-in accounts each voting for 5 of 100 works in a round's open voting
// window, every vote sent twice (10,000 distinct votes, 20,000 requests, shuffled) over 200 connections through the
// gateway (login check, per-address limit, NATS) to the review service, which decides and records each vote in one
// statement. Against a bare Fastify handler in the same run doing the same login check and the same statement on
// a second window. Target: >= 0.3 x the bare handler's rate, p99 <= 2 x its p99, every vote counted once.
//
// BENCH_VOTERS (default 2000) sets the number of accounts.

const path = require('node:path');
const { Client } = require('pg');
const autocannon = require('autocannon');
const { createAccounts, openSessions } = require('../lib/accounts');
const { votingWindow: votingWindowOf } = require('../lib/review-fixtures');
const { startPlatform } = require('./lib/platform');
const { start, freePort, waitHealthy } = require('./lib/processes');
const { startCpuProbe } = require('./lib/cpu');

const VOTERS = Number(process.env.BENCH_VOTERS || 2000);
const WORKS = 100;
const PER_VOTER = 5;
const COPIES = 2;
const CONNECTIONS = 200;
const TARGET_RATIO = 0.3;
const TARGET_P99_RATIO = 2;

/** Each voter's PER_VOTER works (spread over all works), COPIES of each vote, shuffled with a fixed seed. */
function ballots(voters, windowId, workBase) {
  const one = voters.flatMap((v, i) => Array.from({ length: PER_VOTER }, (_, k) => ({ token: v.token, body: JSON.stringify({ windowId, workId: workBase + ((i * 7 + k * 13) % WORKS) }) })));
  const all = one.flatMap((b) => Array(COPIES).fill(b));
  let seed = 16;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return { all, distinct: one.length };
}

/** Sends every ballot once over CONNECTIONS connections; latencies of all of them, answers counted. */
async function send(url, list) {
  let next = 0;
  const latencies = [];
  const answers = { counted: 0, repeated: 0, refused: 0 };
  const started = Date.now();
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    amount: list.length,
    requests: [
      {
        method: 'POST',
        path: '/prod-api/web/vote/cast',
        setupRequest: (req) => {
          const b = list[next++ % list.length];
          return { ...req, headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` }, body: b.body };
        },
        onResponse: (status, body) => {
          const r = status === 200 ? JSON.parse(body) : null;
          if (r?.code === 0) answers[r.data.counted ? 'counted' : 'repeated']++;
          else answers.refused++;
        },
      },
    ],
  });
  instance.on('response', (_c, _s, _b, ms) => latencies.push(ms));
  await instance;
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (f) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))] ?? 0);
  return { perSecond: latencies.length / seconds, p50: q(0.5), p99: q(0.99), answers };
}

const votingWindow = (db, groupId, name, workBase) => votingWindowOf(db, groupId, { name, workBase, works: WORKS, perVoter: PER_VOTER });

/** Votes stored per window: total, and any (account, work, day) stored twice (the primary key forbids it). */
async function stored(db, windowId) {
  const [r] = (await db.query(`SELECT count(*)::int AS votes, count(DISTINCT (work_id, user_id, day))::int AS distinct FROM review.votes WHERE window_id = $1`, [windowId])).rows;
  return r;
}

module.exports = {
  name: 'vote-storm',
  description: `${VOTERS.toLocaleString('en')} accounts × ${PER_VOTER} votes × ${COPIES} copies over ${CONNECTIONS} connections, against a bare Fastify handler`,
  async run(ctx) {
    const platform = await startPlatform(ctx, { database: 'cmp_bench_vote' });
    const db = new Client({ connectionString: platform.env.DATABASE_URL });
    await db.connect();
    try {
      ctx.log(`creating ${VOTERS} accounts with sessions`);
      const accounts = await createAccounts({ databaseUrl: platform.env.DATABASE_URL, prefix: 'voter', count: VOTERS + 200 });
      const voters = await openSessions({ redisUrl: platform.env.REDIS_URL, redisPrefix: platform.env.REDIS_PREFIX, jwtSecret: platform.env.JWT_SECRET, accounts });
      const groupId = accounts[0].groupId;
      const platformWindow = await votingWindow(db, groupId, 'bench-platform', 1_000_000);
      const bareWindow = await votingWindow(db, groupId, 'bench-bare', 2_000_000);
      const warmWindow = await votingWindow(db, groupId, 'bench-warm-up', 3_000_000);
      const main = voters.slice(0, VOTERS);
      const warm = voters.slice(VOTERS);
      const platformBallots = ballots(main, platformWindow, 1_000_000);
      const bareBallots = ballots(main, bareWindow, 2_000_000);

      // Warm-up on its own window (JIT, pools, connections), not counted.
      await send(platform.url, ballots(warm, warmWindow, 3_000_000).all);
      const probe = startCpuProbe({ gateway: [platform.children.gateway.pid], review: [platform.children.review.pid], 'postgres (all)': 'postgres' });
      ctx.log(`platform: ${platformBallots.all.length} votes over ${CONNECTIONS} connections`);
      const full = await send(platform.url, platformBallots.all);
      const cpu = probe.stop();

      const port = await freePort();
      const bareUrl = `http://127.0.0.1:${port}`;
      const bare = start('baseline', process.execPath, [path.join(__dirname, 'baseline-vote-storm.js')], { ...platform.env, PORT: String(port) });
      await waitHealthy(`${bareUrl}/prod-api/health`, [bare]);
      await send(bareUrl, ballots(warm, warmWindow, 3_000_000).all); // warm-up: repeats of the platform's warm-up votes
      ctx.log(`bare handler: ${bareBallots.all.length} votes`);
      const baseline = await send(bareUrl, bareBallots.all);

      const p = await stored(db, platformWindow);
      const b = await stored(db, bareWindow);
      const exact = p.votes === platformBallots.distinct && p.distinct === p.votes && full.answers.counted === platformBallots.distinct;
      const ratio = full.perSecond / baseline.perSecond;
      const p99Ratio = full.p99 / Math.max(1, baseline.p99);
      const cores = Object.entries(cpu.cores).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
      ctx.note(`Votes: ${platformBallots.distinct} distinct sent twice each; platform stored ${p.votes} (${p.distinct} distinct), answered ${full.answers.counted} counted, ${full.answers.repeated} already voted, ${full.answers.refused} refused; bare stored ${b.votes}, answered ${baseline.answers.counted} counted, ${baseline.answers.repeated} already voted, ${baseline.answers.refused} refused.`);
      ctx.note(`Targets: every vote counted once (${exact ? 'met' : 'NOT met'}); rate >= ${TARGET_RATIO} x bare (${ratio.toFixed(2)}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}); p99 <= ${TARGET_P99_RATIO} x bare (${p99Ratio.toFixed(2)}: ${p99Ratio <= TARGET_P99_RATIO ? 'met' : 'NOT met'}).`);
      ctx.note('The per-address vote limit (VOTE_LIMIT_PER_MINUTE) is lifted for the run: every request comes from one address.');
      ctx.note(`CPU during the platform run, in cores: ${cores}.`);
      return [
        { Target: 'platform (gateway → NATS → review service)', 'votes/s': Math.round(full.perSecond), 'p50 ms': full.p50, 'p99 ms': full.p99, 'vs bare rate': ratio.toFixed(2), 'vs bare p99': p99Ratio.toFixed(2) },
        { Target: 'bare Fastify handler', 'votes/s': Math.round(baseline.perSecond), 'p50 ms': baseline.p50, 'p99 ms': baseline.p99, 'vs bare rate': '1.00', 'vs bare p99': '1.00' },
      ];
    } finally {
      await db.end();
    }
  },
};
