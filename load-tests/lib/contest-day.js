'use strict';
// `npm run load -- contest-day [--faults] [--duration S] [--replicas N]`: plays load-tests/scenarios/contest-day.json
// against a platform it starts itself (lib/cluster.js: its own PostgreSQL, Redis and NATS), one replica of everything,
// or two with --faults. With --faults it kills (SIGKILL) one replica of each service and worker in turn and one
// gateway, and restarts NATS, Redis and PostgreSQL, while the load runs; then it checks in the database that every
// write the platform acknowledged is there exactly once, and writes docs/reliability.md.
//
// Every request is recorded (flow, start, duration, status, envelope code or error), so each fault's window shows
// what users saw. Requests go to the gateway replicas in turn; a connection refused (the replica is down) is sent
// to the other one, as a load balancer does.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { Pool } = require('pg');
const { demoAwardDesign } = require('@cmp/contracts');
const { runSetup, buildRequest } = require('./scenario');
const { startCluster, BACKEND, WORKERS } = require('./cluster');
const { createAccounts, openSessions, restoreSessions } = require('./accounts');
const { notifications, seedOrders } = require('./alipay');
const { votingWindow, scoringRound } = require('./review-fixtures');
const { seedVenue, screen, seqsOf, callCycle } = require('./kiosk');
const { machineInfo, renderTable } = require('../bench/lib/report');

const ROOT = path.resolve(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'reliability.md');
const FINDINGS = '<!-- findings: below this line, kept when the command runs again -->';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

/** The platform answered and said it did the thing: the write is acknowledged. */
const ok = (r) => r.status === 200 && r.code === 0;

function httpClient({ urls, timeoutMs, records, t0, onLoggedOut }) {
  let turn = 0;
  /** One request, recorded; `json` parsed when the reply is JSON. */
  async function hit(flow, req) {
    const rec = { flow, step: req.name, start: now() - t0, ms: 0, status: 0, code: null, error: null, failover: false };
    records.push(rec);
    let i = turn++ % urls.length;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(urls[i] + req.path, { method: req.method, headers: req.headers, body: req.body, signal: AbortSignal.timeout(timeoutMs) });
        const text = await res.text();
        rec.status = res.status;
        let json;
        try {
          json = JSON.parse(text);
          rec.code = json.code ?? null;
        } catch {
          rec.code = null;
        }
        rec.ms = now() - t0 - rec.start;
        if (req.tolerate?.includes(rec.code)) rec.expectedRefusal = true;
        if (rec.code === 11000) onLoggedOut();
        return { ...rec, json, text };
      } catch (e) {
        const cause = e.cause?.code || e.name || 'Error';
        // Nothing was sent: a load balancer tries the other replica.
        if (cause === 'ECONNREFUSED' && attempt + 1 < urls.length) {
          rec.failover = true;
          i = (i + 1) % urls.length;
          continue;
        }
        rec.error = cause === 'TimeoutError' ? 'client timeout' : cause;
        rec.ms = now() - t0 - rec.start;
        return { ...rec };
      }
    }
  }
  return hit;
}

/** Runs fn every 1/rate s while running; at most maxInFlight at once (the rest are counted as skipped). */
function every(rate, fn, maxInFlight = 20) {
  let inFlight = 0;
  let i = 0;
  const state = { skipped: 0, done: Promise.resolve() };
  const pending = new Set();
  const timer = setInterval(() => {
    if (inFlight >= maxInFlight) return void state.skipped++;
    inFlight++;
    const p = Promise.resolve()
      .then(() => fn(i++))
      .catch(() => undefined)
      .finally(() => {
        inFlight--;
        pending.delete(p);
      });
    pending.add(p);
  }, 1000 / rate);
  state.stop = async () => {
    clearInterval(timer);
    await Promise.all([...pending]);
  };
  return state;
}

/** The faults in order: one replica of each service and worker, a gateway, then NATS, Redis and PostgreSQL. */
function faultPlan(replicas) {
  const plan = [];
  BACKEND.forEach((svc, i) => plan.push({ kind: 'kill', name: svc, replica: i % replicas, label: `SIGKILL ${svc} #${i % replicas}` }));
  WORKERS.forEach((svc, i) => plan.push({ kind: 'kill', name: `${svc}-worker`, replica: (i + 1) % replicas, label: `SIGKILL ${svc}-worker #${(i + 1) % replicas}` }));
  plan.push({ kind: 'kill', name: 'gateway', replica: replicas - 1, label: `SIGKILL gateway #${replicas - 1}` });
  plan.push({ kind: 'nats', label: 'restart NATS (SIGTERM, start)' });
  plan.push({ kind: 'redis', label: 'restart Redis (SIGTERM, start; append-only file kept)' });
  plan.push({ kind: 'postgres', label: 'restart PostgreSQL (fast shutdown, start)' });
  return plan;
}

async function injectFault(cluster, f) {
  const t = now();
  if (f.kind === 'kill') {
    const before = cluster.supervisor.list().find((p) => p.name === f.name && p.replica === f.replica);
    cluster.supervisor.kill(f.name, f.replica, 'SIGKILL');
    // Back: the supervisor started it again (a new pid), not yet necessarily ready.
    for (let i = 0; i < 600; i++) {
      await sleep(50);
      const p = cluster.supervisor.list().find((x) => x.name === f.name && x.replica === f.replica);
      if (p?.up && p.pid !== before?.pid) break;
    }
  } else if (f.kind === 'nats') await cluster.nats.restart();
  else if (f.kind === 'redis') await cluster.redis.restart();
  else if (f.kind === 'postgres') await cluster.pg.restart();
  return (now() - t) / 1000;
}

const count = (list, key) => {
  const m = new Map();
  for (const x of list) m.set(key(x), (m.get(key(x)) || 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}: ${n}`).join('; ');
};
const failed = (r) => !(r.status >= 200 && r.status < 300 && (r.code === 0 || r.code === null || r.expectedRefusal));
const describe = (r) => (r.error ? r.error : `HTTP ${r.status}${r.code !== null && r.code !== undefined ? ` code ${r.code}` : ''}`);

async function run({ scenario, faults, durationSeconds, replicas, log = console.log }) {
  const cfg = scenario.flows;
  const duration = durationSeconds || scenario.durationSeconds;
  const loadAvg = { start: os.loadavg()[0], max: 0 };
  const startedAt = new Date();
  log(`${scenario.name}: ${duration} s, ${replicas} replica(s) of everything${faults ? ', with faults' : ''}`);
  const cluster = await startCluster({ replicas, log });
  // Ctrl-C or a SIGTERM: stop what was started (the supervised processes are not the bench's tracked children).
  const onSignal = () => {
    log('interrupted: stopping the platform');
    cluster.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const pool = new Pool({ connectionString: cluster.db, max: 4 });
  pool.on('error', () => undefined); // a PostgreSQL restart drops idle clients: the next query connects again
  const q = async (sql, params) => (await pool.query(sql, params)).rows;
  const screens = [];
  const tickers = [];
  try {
    // ---- fixtures ----
    const vars = await runSetup(scenario, cluster.urls[0]);
    const [{ groupId }] = await q(`SELECT group_id AS "groupId" FROM auth.users WHERE username = 'admin1'`);
    log('fixtures: accounts, orders, rounds, a venue, a certificate template');
    const students = await openSessions({ redisUrl: cluster.env.REDIS_URL, redisPrefix: cluster.env.REDIS_PREFIX, jwtSecret: cluster.env.JWT_SECRET, accounts: await createAccounts({ databaseUrl: cluster.db, prefix: 'day', count: cfg.signUp.accounts }) });
    const voters = await openSessions({ redisUrl: cluster.env.REDIS_URL, redisPrefix: cluster.env.REDIS_PREFIX, jwtSecret: cluster.env.JWT_SECRET, accounts: await createAccounts({ databaseUrl: cluster.db, prefix: 'dayvoter', count: cfg.votes.voters }) });
    const orderNos = await seedOrders(pool, { prefix: 'DY', signupBase: 900_000_000, count: cfg.payments.orders, amountFen: cfg.payments.amountFen });
    const bodies = notifications(cluster.env, orderNos, cfg.payments.amountFen, 'day');
    const windowId = await votingWindow(pool, groupId, { name: 'day-votes', workBase: 5_000_000, works: cfg.votes.works, perVoter: cfg.votes.perVoter });
    const scoring = await scoringRound(pool, groupId, { name: 'day-scoring', username: 'expert1', workBase: 6_000_000, works: cfg.scoring.works, columns: cfg.scoring.columns });
    const finalRound = await scoringRound(pool, groupId, { name: 'day-final', username: 'expert1', workBase: 7_000_000, works: cfg.finalScores.works, columns: cfg.scoring.columns });
    await q(`INSERT INTO review.score_sheets (assignment_id, scores, total, status, submitted_at) SELECT id, '[8, 7.5]', 77.5, 'submitted', now() FROM review.assignments WHERE round_id = $1`, [finalRound.roundId]);
    const rooms = await seedVenue(pool, groupId, { rooms: cfg.calls.rooms, teamsPerRoom: Math.ceil((cfg.calls.callsPerSecond * (duration + 60)) / cfg.calls.rooms) + 5, name: 'day-venue' });

    const login = async (username) => {
      const r = await fetch(`${cluster.urls[0]}/prod-api/auth/login/pwd`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo@2026' }) });
      const body = await r.json();
      if (body.code !== 0) throw new Error(`login ${username}: ${body.code} ${body.msg}`);
      return body.data.token;
    };
    const tokens = { admin: vars.adminToken, expert: await login('expert1') };
    const template = await (
      await fetch(`${cluster.urls[0]}/prod-api/certificate/template/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` },
        body: JSON.stringify({ name: 'day', category: 'award1', design: demoAwardDesign(), numbering: { variant: 'allAutoincrementFour', prefix: 'DAY-', suffix: '' } }),
      })
    ).json();
    if (template.code !== 0) throw new Error(`certificate template: ${template.code} ${template.msg}`);

    // ---- the load ----
    const records = [];
    const t0 = now();
    let relogging = null;
    // Should Redis come back without its sessions (it keeps them in its append-only file), users log in again (here:
    // sessions written back); the 11000s that caused it are in the report.
    const onLoggedOut = () => {
      relogging ??= (async () => {
        await restoreSessions({ redisUrl: cluster.env.REDIS_URL, redisPrefix: cluster.env.REDIS_PREFIX, accounts: [...students, ...voters] }).catch(() => undefined);
        tokens.admin = await login('admin1').catch(() => tokens.admin);
        tokens.expert = await login('expert1').catch(() => tokens.expert);
        await sleep(1000);
        relogging = null;
      })();
    };
    const hit = httpClient({ urls: cluster.urls, timeoutMs: scenario.faults.clientTimeoutMs, records, t0, onLoggedOut });
    const acked = { signUps: [], files: [], submits: [], payments: new Set(), sheets: [], votes: [], calls: new Map(), versions: [], batches: [] };

    const browse = scenario.requests;
    tickers.push(every(cfg.browse.ratePerSecond, (i) => hit('browse', { ...buildRequest(browse[i % browse.length], scenario, vars), name: browse[i % browse.length].name })));

    tickers.push(
      every(cfg.signUp.ratePerSecond, async (i) => {
        if (i >= students.length) return;
        const saved = { ...vars, studentToken: students[i].token, $iter: i };
        for (const step of cfg.signUp.requests) {
          const r = await hit('sign-up', { ...buildRequest(step, scenario, saved), name: step.name });
          if (!ok(r)) return;
          for (const [k, dotted] of Object.entries(step.save || {})) saved[k] = dotted.split('.').reduce((o, x) => o?.[x], r.json);
          if (step.name === 'sign up a team') acked.signUps.push({ id: saved.signupId, userId: students[i].id });
          if (step.name === 'upload a small PDF') acked.files.push(saved.workId);
          if (step.name === 'submit the work') acked.submits.push(saved.workId);
        }
      }),
    );

    // Each notification twice, the copy 20 orders later, as Alipay sends again until it reads "success".
    tickers.push(
      every(cfg.payments.ratePerSecond * cfg.payments.copies, async (i) => {
        const n = i % 2 === 0 ? i / 2 : (i - 1) / 2 - 20;
        if (n < 0 || n >= bodies.length) return;
        const r = await hit('payment', { name: 'notify', method: 'POST', path: '/prod-api/alipay/payment/notify', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: bodies[n] });
        if (r.status === 200 && r.text === 'success') acked.payments.add(orderNos[n]);
        else r.code ??= r.text?.slice(0, 20);
      }),
    );

    tickers.push(
      every(cfg.scoring.ratePerSecond, async (i) => {
        const assignmentId = scoring.assignmentIds[i];
        if (!assignmentId) return;
        const scores = [5 + (i % 10) / 2, 6];
        const r = await hit('scoring', { name: 'submit sheet', method: 'POST', path: '/prod-api/review/sheet/submit', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.expert}` }, body: JSON.stringify({ assignmentId, scores, version: 0, comment: '' }) });
        if (ok(r)) acked.sheets.push({ assignmentId, scores });
      }),
    );

    tickers.push(
      every(cfg.votes.ratePerSecond, async (i) => {
        const voter = voters[i % voters.length];
        const k = Math.floor(i / voters.length);
        if (k >= cfg.votes.perVoter) return;
        const workId = 5_000_000 + ((i * 7 + k * 13) % cfg.votes.works);
        const r = await hit('vote', { name: 'cast', method: 'POST', path: '/prod-api/web/vote/cast', headers: { 'content-type': 'application/json', authorization: `Bearer ${voter.token}` }, body: JSON.stringify({ windowId, workId }) });
        if (ok(r) && r.json?.data?.counted) acked.votes.push({ userId: voter.id, workId });
      }),
    );

    // Kiosk screens, spread over the gateway replicas; calls through the HTTP call API.
    const screenEvents = [];
    const receipts = [];
    for (let i = 0; i < cfg.calls.screens; i++) {
      const room = rooms[i % rooms.length];
      const s = screen(cluster.urls[i % cluster.urls.length], room, { token: room.token }, receipts, (sc, seq, t, gap) => screenEvents.push([i, t - t0, gap]));
      screens.push(s);
    }
    for (let i = 0; i < 200 && screens.some((s) => !s.connected); i++) await sleep(100);
    const recordingFetch = async (p, init) => {
      const r = await hit('calls', { name: p.split('/').pop(), method: init.method, path: p, headers: init.headers, body: init.body });
      if (r.error) throw new Error(r.error);
      return { json: async () => r.json ?? { code: -1, msg: r.text } };
    };
    const unfinished = new Set();
    tickers.push(
      every(cfg.calls.callsPerSecond, async (i) => {
        const room = rooms[i % rooms.length];
        // A cycle cut short by a fault left a team called or started: the operator starts and ends it first
        // (a 409 there means that step was already done).
        if (unfinished.has(room.roomId)) {
          for (const action of ['start', 'end']) {
            await hit('calls', { name: `${action} (finishing a cut cycle)`, tolerate: [10409], method: 'POST', path: `/prod-api/review/scene/${action}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` }, body: JSON.stringify({ roomId: room.roomId }) });
          }
          unfinished.delete(room.roomId);
        }
        const seqs = await callCycle('', tokens.admin, room, recordingFetch).catch((e) => {
          unfinished.add(room.roomId);
          throw e;
        });
        const top = Math.max(...seqs.map(([s]) => s));
        acked.calls.set(room.roomId, Math.max(acked.calls.get(room.roomId) || 0, top));
      }, 3),
    );

    const methods = ['mean', 'trimmed', 'calibrated'];
    tickers.push(
      every(1 / cfg.finalScores.everySeconds, async (i) => {
        const r = await hit('final-score', { name: 'calculate', method: 'POST', path: '/prod-api/review/comment/result/finalScoreCalculation', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` }, body: JSON.stringify({ roundId: finalRound.roundId, method: methods[i % 3], trimFrom: 5, prior: 3 }) });
        if (ok(r)) acked.versions.push(r.json.data.version.id);
      }),
    );

    const issueBatch = async (k) => {
      const api = async (name, p, body) => {
        const r = await hit('certificates', { name, method: 'POST', path: `/prod-api${p}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.admin}` }, body: JSON.stringify(body) });
        if (!ok(r)) throw new Error(`${name}: ${describe(r)}`);
        return r.json.data;
      };
      const batch = await api('batch add', '/certificate/batch/add', { templateId: template.data.id, competitionId: vars.competitionId, name: `day ${k}`, issuerName: '华东示范大学' });
      const recipients = Array.from({ length: cfg.certificates.recipients }, (_, j) => ({ holderName: `获奖人${k}-${j}`, awardName: '一等奖', values: { school: '华东示范大学', student: `学生${j}`, teacher: '王老师', workName: `作品${j}` } }));
      await api('recipients add', '/certificate/batch/recipients/add', { batchId: batch.id, recipients });
      await api('issue', '/certificate/batch/issue', { batchId: batch.id });
      acked.batches.push(batch.id);
    };
    const batchTimers = cfg.certificates.atFractions.map((f, k) => setTimeout(() => void issueBatch(k).catch((e) => log(`certificate batch ${k}: ${e.message}`)), f * duration * 1000));

    const loadTimer = setInterval(() => (loadAvg.max = Math.max(loadAvg.max, os.loadavg()[0])), 5000);

    // ---- the faults ----
    const done = [];
    const end = t0 + duration * 1000;
    if (faults) {
      const plan = faultPlan(replicas);
      const first = scenario.faults.firstAfterSeconds * 1000;
      const gap = (duration * 1000 - first - scenario.faults.quietAtEndSeconds * 1000) / plan.length;
      for (const [k, f] of plan.entries()) {
        const at = t0 + first + k * gap;
        if (at > now()) await sleep(at - now());
        const startedS = (now() - t0) / 1000;
        const inFlight = records.filter((r) => r.ms === 0 && !r.error && r.status === 0).length;
        log(`${startedS.toFixed(1)} s: ${f.label}`);
        const backS = await injectFault(cluster, f);
        done.push({ ...f, at: startedS, backS, inFlight });
      }
    }
    if (end > now()) await sleep(end - now());
    log('load stopped; waiting for requests in flight');
    batchTimers.forEach(clearTimeout);
    await Promise.all(tickers.map((t) => t.stop()));
    clearInterval(loadTimer);
    const loadEnd = (now() - t0) / 1000;

    // ---- after the run: what the database holds ----
    log('checking the database against the acknowledged writes');
    const checks = await verify({ q, pool, acked, rooms, screens, windowId, scoring, finalRound, cluster, log, orderNos, cfg, receiptsCount: receipts.length });
    const summary = summarise({ records, done, screenEvents, loadEnd, screens, gatewayTimeoutMs: Number(cluster.env.RPC_TIMEOUT_MS || 5000) });
    const restarts = cluster.supervisor.list().filter((p) => p.restarts > 0).map((p) => `${p.name}#${p.replica} ×${p.restarts}`).join(', ') || 'none';
    const result = { urls: cluster.urls, scenario, faults, duration, replicas, loadAvg: { ...loadAvg, end: os.loadavg()[0] }, startedAt, checks, summary, restarts, records, logs: cluster.logs, acked };
    printResult(result, log);
    if (faults) {
      fs.mkdirSync(path.dirname(DOC), { recursive: true });
      // The findings below the marker are written by whoever read the run: kept when the figures are made again.
      const old = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '';
      const kept = old.includes(FINDINGS) ? old.slice(old.indexOf(FINDINGS) + FINDINGS.length) : '\n';
      fs.writeFileSync(DOC, renderReport(result) + kept);
      log(`report written to ${path.relative(ROOT, DOC)}`);
    }
    return result;
  } finally {
    screens.forEach((s) => s.socket.close());
    await Promise.all(tickers.map((t) => t.stop()));
    await pool.end().catch(() => undefined);
    await cluster.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** Waits for queued work to finish, then compares the database with what the platform acknowledged. */
async function verify({ q, pool, acked, rooms, screens, windowId, scoring, finalRound, log, orderNos, cfg }) {
  const out = [];
  const check = (what, good, detail) => out.push({ Check: what, Result: good ? 'ok' : 'FAILED', Detail: detail });
  const until = async (what, fn, seconds) => {
    const deadline = Date.now() + seconds * 1000;
    for (;;) {
      const v = await fn().catch(() => null);
      if (v?.done || Date.now() > deadline) return v;
      await sleep(1000);
    }
  };

  // Sign-ups: every acknowledged one present once, and no student signed up twice.
  const ids = acked.signUps.map((s) => s.id);
  const [su] = await q(`SELECT count(*)::int AS found FROM enrollment.signups WHERE id = ANY($1::int[])`, [ids]);
  const [dup] = await q(`SELECT count(*)::int AS n FROM (SELECT captain_user_id FROM enrollment.signups WHERE captain_user_id = ANY($1::int[]) GROUP BY captain_user_id, competition_id HAVING count(*) > 1) d`, [
    acked.signUps.map((x) => x.userId),
  ]);
  check('sign-ups', su.found === ids.length && dup.n === 0, `${ids.length} acknowledged, ${su.found} found; students with two sign-ups for the competition: ${dup.n}`);
  const [wf] = await q(`SELECT count(DISTINCT work_id)::int AS works, count(*)::int AS files FROM enrollment.work_files WHERE work_id = ANY($1::int[])`, [acked.files]);
  const [ws] = await q(`SELECT count(*)::int AS n FROM enrollment.works WHERE id = ANY($1::int[]) AND status <> 0`, [acked.submits]);
  check('work uploads', wf.works === acked.files.length && wf.files === acked.files.length, `${acked.files.length} uploads acknowledged; files stored for ${wf.works} of those works, ${wf.files} files (one each expected); ${acked.submits.length} submits acknowledged, ${ws.n} works not in draft`);

  // Payments: each acknowledged order paid, exactly one applied callback, money equal.
  const paidNos = [...acked.payments];
  await until('outbox', async () => ({ done: (await q(`SELECT count(*)::int AS n FROM payment.outbox WHERE published_at IS NULL`))[0].n === 0 }), 30);
  const [po] = await q(
    `SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid, COALESCE(sum(amount_fen) FILTER (WHERE status = 'paid'), 0)::bigint AS money FROM payment.orders WHERE order_no = ANY($1)`,
    [paidNos],
  );
  const [pc] = await q(
    `SELECT count(*)::int AS orders, count(*) FILTER (WHERE n > 1)::int AS doubled FROM (SELECT order_no, count(*) AS n FROM payment.callbacks WHERE verdict = 'applied' AND order_no LIKE 'DY%' GROUP BY 1) c`,
  );
  const [pe] = await q(`SELECT count(*)::int AS written, count(*) FILTER (WHERE published_at IS NOT NULL)::int AS published FROM payment.outbox WHERE payload->>'orderId' LIKE 'DY%'`).catch(() => [{ written: 'n/a', published: 'n/a' }]);
  const [pall] = await q(`SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid FROM payment.orders WHERE order_no LIKE 'DY%'`);
  const money = Number(po.money);
  check(
    'payments',
    po.paid === paidNos.length && pc.doubled === 0 && money === paidNos.length * cfg.payments.amountFen && pc.orders === pall.paid,
    `${paidNos.length} orders acknowledged ("success"), ${po.paid} of them paid; ${pall.paid} DY orders paid in all (of ${orderNos.length}), ${pc.orders} with an applied callback, ${pc.doubled} applied twice; money ${(money / 100).toFixed(2)} yuan for ${((paidNos.length * cfg.payments.amountFen) / 100).toFixed(2)} acknowledged; payment events written ${pe.written}, published ${pe.published}`,
  );

  // Score sheets.
  const sheetIds = acked.sheets.map((s) => s.assignmentId);
  const [ss] = await q(`SELECT count(*)::int AS found, count(DISTINCT assignment_id)::int AS distinct FROM review.score_sheets WHERE assignment_id = ANY($1::int[]) AND status = 'submitted'`, [sheetIds]);
  const [sr] = await q(`SELECT count(*)::int AS n FROM review.score_sheets s JOIN review.assignments a ON a.id = s.assignment_id WHERE a.round_id = $1`, [scoring.roundId]);
  check('score sheets', ss.found === sheetIds.length && ss.distinct === ss.found, `${sheetIds.length} submits acknowledged, ${ss.found} submitted sheets found (${ss.distinct} distinct); ${sr.n} sheets in the round in all`);

  // Votes.
  const [vv] = await q(
    `SELECT count(*)::int AS found FROM review.votes v JOIN unnest($2::int[], $3::int[]) AS a(u, w) ON v.user_id = a.u AND v.work_id = a.w WHERE v.window_id = $1`,
    [windowId, acked.votes.map((v) => v.userId), acked.votes.map((v) => v.workId)],
  );
  const [vt] = await q(`SELECT count(*)::int AS total, count(DISTINCT (work_id, user_id, day))::int AS distinct FROM review.votes WHERE window_id = $1`, [windowId]);
  check('votes', vv.found === acked.votes.length && vt.total === vt.distinct, `${acked.votes.length} counted votes acknowledged, ${vv.found} found; ${vt.total} votes stored in the window (${vt.distinct} distinct)`);

  // Queue calls: each room's seq at least the highest acknowledged; every screen holds its room's seq.
  await sleep(5000);
  const seqs = await seqsOf(pool, rooms);
  const roomsBehind = rooms.filter((r) => (seqs.get(r.roomId) ?? 0) < (acked.calls.get(r.roomId) ?? 0)).length;
  const screensBehind = screens.filter((s) => s.seq < (seqs.get(s.roomId) ?? 0));
  const missed = screens.reduce((n, s) => n + s.missed, 0);
  check(
    'queue calls',
    roomsBehind === 0 && screensBehind.length === 0,
    `${[...acked.calls.values()].reduce((a, b) => a + b, 0)} room changes acknowledged (highest seq per room); rooms whose stored seq is below an acknowledged one: ${roomsBehind}; screens behind their room at the end: ${screensBehind.length} of ${screens.length}${screensBehind.length ? ` (${count(screensBehind, (x) => `on ${x.url}`)}; ${screensBehind.map((x) => `${x.seq}/${seqs.get(x.roomId)}`).join(' ')} received/stored)` : ''}; seqs skipped while connected (then fetched over HTTP): ${missed}`,
  );
  // Each room's queue calls: the call order (seq of the calls) without a gap.
  const [qc] = await q(
    `SELECT count(*)::int AS rooms FROM (SELECT room_id FROM review.scene_queue WHERE room_id = ANY($1) GROUP BY room_id
       HAVING count(*) FILTER (WHERE called_at IS NOT NULL) <> COALESCE(max(position) FILTER (WHERE called_at IS NOT NULL), 0) OR bool_or(calls > 1)) x`,
    [rooms.map((r) => r.roomId)],
  ).catch((e) => [{ rooms: `n/a (${e.message})` }]);
  check('queue order', qc.rooms === 0, `rooms whose called teams are not the first N of the line (a gap or a repeat): ${qc.rooms}`);

  // Certificates: every acknowledged batch done, numbers without gap or duplicate.
  const batches = acked.batches;
  const settled = await until(
    'batches',
    async () => {
      const rows = await q(`SELECT status, count(*)::int AS n FROM certificates.certificates WHERE batch_id = ANY($1::int[]) GROUP BY status`, [batches]);
      return { rows, done: !rows.some((r) => r.status === 'pending') };
    },
    90,
  );
  const [cn] = await q(
    `SELECT count(*)::int AS total, count(number)::int AS numbered, count(DISTINCT number)::int AS distinct, COALESCE(max(seq) - min(seq) + 1, 0)::int AS span, count(seq)::int AS seqs
     FROM certificates.certificates WHERE batch_id = ANY($1::int[]) AND revoked_at IS NULL`,
    [batches],
  );
  check(
    'certificate numbers',
    batches.length === cfg.certificates.atFractions.length && cn.numbered === cn.total && cn.distinct === cn.numbered && cn.span === cn.seqs,
    `${batches.length} of ${cfg.certificates.atFractions.length} batches acknowledged; ${cn.total} certificates, ${cn.numbered} numbered, ${cn.distinct} distinct numbers, sequence span ${cn.span} for ${cn.seqs} numbers (equal: no gap); by status: ${(settled?.rows ?? []).map((r) => `${r.status} ${r.n}`).join(', ')}`,
  );

  // Score versions: none left queued or running.
  const v = await until(
    'versions',
    async () => {
      const rows = await q(`SELECT status, count(*)::int AS n FROM review.score_versions WHERE round_id = $1 GROUP BY status`, [finalRound.roundId]);
      return { rows, done: !rows.some((r) => r.status === 'queued' || r.status === 'running') };
    },
    45,
  );
  check('score versions', v?.done === true, `${acked.versions.length} calculations acknowledged; versions by status: ${(v?.rows ?? []).map((r) => `${r.status} ${r.n}`).join(', ')}`);
  log('checks done');
  return out;
}

/** Per fault: the window from it to the next one; what failed, the longest wait, the screens' gap, the time to zero errors. */
function summarise({ records, done, screenEvents, loadEnd, screens, gatewayTimeoutMs }) {
  const windows = [{ label: 'before the first fault', at: 0 }, ...done].map((f, i, all) => ({ ...f, until: all[i + 1]?.at ?? loadEnd }));
  const perScreen = new Map();
  for (const [i, t, gap] of screenEvents) {
    if (!perScreen.has(i)) perScreen.set(i, []);
    perScreen.get(i).push([t / 1000, gap]);
  }
  const rows = windows.map((w) => {
    const inWin = records.filter((r) => r.start / 1000 >= w.at && r.start / 1000 < w.until);
    // A failure belongs to the window in which it was seen (its end): a request in flight when a process dies fails then.
    const bad = records.filter((r) => failed(r) && (r.start + r.ms) / 1000 >= w.at && (r.start + r.ms) / 1000 < w.until);
    const lastBad = bad.reduce((m, r) => Math.max(m, (r.start + r.ms) / 1000), -Infinity);
    let gap = 0;
    let missed = 0;
    for (const events of perScreen.values()) {
      for (let k = 1; k < events.length; k++) {
        const [a] = events[k - 1];
        const [b, g] = events[k];
        if (b >= w.at && a < w.until) gap = Math.max(gap, b - Math.max(a, w.at));
        if (b >= w.at && b < w.until) missed += g;
      }
    }
    return {
      Fault: w.label,
      'At s': w.at.toFixed(1),
      'Back s': w.backS === undefined ? '' : w.backS.toFixed(1),
      Requests: inWin.length,
      Failed: bad.length,
      'How they failed': bad.length ? count(bad, (r) => `${r.flow} ${describe(r)}`) : '',
      'Longest wait ms': Math.round(inWin.reduce((m, r) => Math.max(m, r.ms), 0)),
      'Screen gap s': gap.toFixed(1),
      'Seqs missed': missed,
      'Errors to zero s': bad.length ? (lastBad - w.at).toFixed(1) : '0',
      'In flight at fault': w.inFlight ?? '',
    };
  });
  const total = records.length;
  const bad = records.filter(failed);
  const hanging = records.filter((r) => r.ms > gatewayTimeoutMs + 1000);
  const failover = records.filter((r) => r.failover).length;
  const byFlow = [...new Set(records.map((r) => r.flow))].map((flow) => {
    const list = records.filter((r) => r.flow === flow);
    const lat = list.map((r) => r.ms).sort((a, b) => a - b);
    return { Flow: flow, Requests: list.length, Failed: list.filter(failed).length, 'p50 ms': Math.round(lat[Math.floor(lat.length / 2)] ?? 0), 'p99 ms': Math.round(lat[Math.floor(lat.length * 0.99)] ?? 0), 'max ms': Math.round(lat[lat.length - 1] ?? 0) };
  });
  return { rows, total, failed: bad.length, hanging: hanging.length, hangingDetail: hanging.length ? count(hanging, (r) => `${r.flow} ${describe(r)}`) : '', failover, byFlow, gatewayTimeoutMs, screens: screens.length };
}

function printResult(r, log) {
  log(`\n${renderTable(r.summary.byFlow)}\n`);
  if (r.faults) log(`${renderTable(r.summary.rows)}\n`);
  log(`${renderTable(r.checks)}\n`);
  log(`requests ${r.summary.total}, failed ${r.summary.failed}, longer than the gateway's timeout (${r.summary.gatewayTimeoutMs} ms + 1 s): ${r.summary.hanging}; load average ${r.loadAvg.start.toFixed(1)} at start, max ${r.loadAvg.max.toFixed(1)}; restarts by the supervisor: ${r.restarts}`);
  log(`process logs: ${r.logs}`);
}

function renderReport(r) {
  const s = r.summary;
  const lateFaults = s.rows.slice(1).filter((row) => Number(row['Errors to zero s']) > r.scenario.thresholds.backWithinSeconds);
  const checksOk = r.checks.every((c) => c.Result === 'ok');
  return `# Reliability: a contest day with faults

Written by \`npm run load -- contest-day --faults\` (load-tests/lib/contest-day.js, scenario
load-tests/scenarios/contest-day.json). Do not edit by hand: run the command again.

${machineInfo(ROOT, r.startedAt)}. Load average (1 min) ${r.loadAvg.start.toFixed(1)} at the start, ${r.loadAvg.max.toFixed(1)} at the most during the run,
${r.loadAvg.end.toFixed(1)} at the end, on ${os.availableParallelism()} CPUs shared with other people's tests: everything below (load generator,
${r.replicas} replicas of 6 services, 3 workers and the gateway, PostgreSQL, Redis, NATS, Chromium for certificates) runs on them.

## How the run works

- A platform of its own: PostgreSQL initialised into a temporary directory (fsync off), Redis with an append-only file
  (as deployed) and NATS with JetStream, each on a free port; the database reset and seeded; ${r.replicas} supervised replicas of every
  service, worker and the gateway (restarted with backoff 0.5 s → 10 s when they die).
- For ${r.duration} s, at modest rates (${Object.entries(r.scenario.flows).map(([k, v]) => `${k} ${v.ratePerSecond ?? v.callsPerSecond ?? (v.everySeconds ? `1/${v.everySeconds} s` : `${v.atFractions?.length} batches`)}${v.ratePerSecond || v.callsPerSecond ? '/s' : ''}`).join(', ')}):
  ${r.scenario.description}
- The runner sends requests to the gateway replicas in turn; a refused connection goes to the other replica, as a load
  balancer does (${s.failover} requests went over that way). Gateways: ${r.urls.map((u, i) => `#${i} ${u}`).join(', ')}. ${s.screens} kiosk screens (socket.io) are spread over both gateways.
- Faults, one after the other, each starting a window that lasts until the next: one replica of each service and worker
  killed with SIGKILL, one gateway killed with SIGKILL, NATS restarted, Redis restarted (its append-only file kept), PostgreSQL
  restarted (fast shutdown). "Back s" is the time until the process was running again (a new pid) or the server answered.
- A request failed when it got no answer, a non-2xx status, or a non-zero envelope code (a payment notification: an
  answer other than "success"). "Errors to zero" is the time from the fault to the end of the window's last failed
  request. "In flight at fault" counts the runner's requests without an answer at that moment (on every replica).
- The screen gap is the longest time a screen went without a queue event in the window (calls come every
  ${(1 / r.scenario.flows.calls.callsPerSecond).toFixed(0)} s per venue, each room every ${(r.scenario.flows.calls.rooms / r.scenario.flows.calls.callsPerSecond).toFixed(0)} s, three events a call); "seqs missed" counts
  sequence numbers a connected screen skipped (it then fetches the room's state over HTTP, as the kiosk app does).

## What users saw, fault by fault

${renderTable(s.rows)}

Requests: ${s.total}, of which ${s.failed} failed; answered later than the gateway's timeout (${s.gatewayTimeoutMs} ms + 1 s): ${s.hanging}${s.hangingDetail ? ` (${s.hangingDetail})` : ''}.
Supervisor restarts: ${r.restarts}.

${renderTable(s.byFlow)}

## After the run: every acknowledged write, exactly once

${renderTable(r.checks)}

## Against the targets

- No acknowledged write lost or doubled: ${checksOk ? 'met' : 'NOT met (see the checks above)'}.
- No request left hanging past the gateway's timeout: ${s.hanging === 0 ? 'met' : `NOT met: ${s.hanging} requests took longer than ${s.gatewayTimeoutMs} ms + 1 s`}.
- Errors back to zero within ${r.scenario.thresholds.backWithinSeconds} s of each fault: ${lateFaults.length === 0 ? 'met' : `NOT met for ${lateFaults.map((x) => x.Fault).join(', ')}`}.
- Killing one of two replicas costs at most the requests it had in flight: compare "Failed" with "In flight at fault"
  above (the latter counts the requests on both replicas, so it is an upper bound).

${FINDINGS}`;
}

module.exports = { run };
