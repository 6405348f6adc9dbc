'use strict';
// Issue 17's kiosk-fanout bench (scenario: load-tests/scenarios/kiosk-fanout.json): socket.io screens spread over
// rooms on one gateway; calls through the HTTP call API (call next, start, end: three events per call) at a steady
// rate for a minute. Reports delivered events per second, p50/p99 from a call's HTTP answer to each screen's receipt,
// and events missed by sequence, against a bare socket.io server broadcasting the same events in the same run. Then
// the gateway is killed mid-run and restarted: the time until every screen is connected again with every call made
// before the kill, and at the end every call of the run.
//
// The screens behave as the kiosk app does (kiosk/src/live.ts): events applied in seq order; after a gap or a
// reconnect that socket.io did not recover, the rooms' state is fetched over HTTP (GET /kiosk/rooms).
// BENCH_KIOSK_CLIENTS and BENCH_KIOSK_SECONDS override the scenario's clients and duration.

const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { seedVenue: seedVenueOf, screen, seqsOf, callCycle } = require('../lib/kiosk');
const scenario = require('../scenarios/kiosk-fanout.json');
const { startPlatform } = require('./lib/platform');
const { start, freePort, waitHealthy, stop } = require('./lib/processes');
const { startCpuProbe } = require('./lib/cpu');

const CLIENTS = Number(process.env.BENCH_KIOSK_CLIENTS || scenario.clients);
const ROOMS = scenario.rooms;
const RATE = scenario.callsPerSecond;
const SECONDS = Number(process.env.BENCH_KIOSK_SECONDS || scenario.durationSeconds);
const TEAMS_PER_ROOM = Math.ceil((RATE * (SECONDS + 40)) / ROOMS) + 5;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const seedVenue = (db, groupId) => seedVenueOf(db, groupId, { rooms: ROOMS, teamsPerRoom: TEAMS_PER_ROOM });

async function connectAll(url, rooms, authOf) {
  const receipts = [];
  const screens = [];
  for (let i = 0; i < CLIENTS; i++) {
    const room = rooms[i % rooms.length];
    screens.push(screen(url, room, authOf(room), receipts));
    if (i % 100 === 99) await sleep(50);
  }
  const until = Date.now() + 60_000;
  while (screens.some((s) => !s.connected)) {
    if (Date.now() > until) throw new Error(`${screens.filter((s) => !s.connected).length} screens did not connect`);
    await sleep(100);
  }
  return { screens, receipts };
}

/**
 * Drives RATE calls a second, a room at a time in turn; `cycle(room)` makes one call and answers the seqs it caused
 * with the time each answer arrived. Runs until stopped; counts calls that failed (the gateway being down).
 */
function drive(rooms, cycle) {
  const answered = new Map(); // `${room}:${seq}` → answer time
  let i = 0;
  let failed = 0;
  let calls = 0;
  const timer = setInterval(() => {
    const room = rooms[i++ % rooms.length];
    calls++;
    void cycle(room).then(
      (seqs) => seqs.forEach(([seq, t]) => answered.set(`${room.roomId}:${seq}`, t)),
      () => failed++,
    );
  }, 1000 / RATE);
  return { answered, stop: () => clearInterval(timer), counts: () => ({ calls, failed }) };
}

const quantile = (sorted, f) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))] ?? 0) * 10) / 10;

/** Delivered events per second and latencies from answer to receipt (receipts before the answer count as 0). */
function measure(receipts, answered, seconds) {
  const lat = [];
  for (const [roomId, seq, t] of receipts) {
    const a = answered.get(`${roomId}:${seq}`);
    if (a !== undefined) lat.push(Math.max(0, t - a));
  }
  lat.sort((a, b) => a - b);
  return { perSecond: receipts.length / seconds, p50: quantile(lat, 0.5), p99: quantile(lat, 0.99), measured: lat.length };
}

const platformCycle = (url, token, room) => callCycle(url, token, room);

async function bareCycle(url, room) {
  const out = [];
  for (let k = 0; k < 3; k++) {
    const r = await fetch(`${url}/call?room=${room.roomId}`, { method: 'POST' });
    const t = performance.now();
    out.push([(await r.json()).data.seq, t]);
  }
  return out;
}

const closeAll = (screens) => screens.forEach((s) => s.socket.close());

module.exports = {
  name: 'kiosk-fanout',
  description: `${CLIENTS.toLocaleString('en')} socket.io screens over ${ROOMS} rooms, ${RATE} calls/s (3 events each) for ${SECONDS} s through the HTTP call API, against a bare socket.io server; then the gateway killed and restarted`,
  async run(ctx) {
    const platform = await startPlatform(ctx, { database: 'cmp_bench_kiosk' });
    const db = new Client({ connectionString: platform.env.DATABASE_URL });
    await db.connect();
    const screensToClose = [];
    try {
      const [{ groupId }] = (await db.query(`SELECT group_id AS "groupId" FROM auth.users WHERE username = 'admin1'`)).rows;
      const rooms = await seedVenue(db, groupId);
      const login = await (
        await fetch(`${platform.url}/prod-api/auth/login/pwd`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin1', password: 'Demo@2026' }) })
      ).json();
      const token = login.data.token;

      ctx.log(`connecting ${CLIENTS} screens to the gateway`);
      const p = await connectAll(platform.url, rooms, (room) => ({ token: room.token }));
      screensToClose.push(...p.screens);
      ctx.log(`calling ${RATE}/s for ${SECONDS} s`);
      const probe = startCpuProbe({ gateway: [platform.children.gateway.pid], review: [platform.children.review.pid], 'postgres (all)': 'postgres', 'redis (all)': 'redis-server' });
      const run = drive(rooms, (room) => platformCycle(platform.url, token, room));
      await sleep(SECONDS * 1000);
      run.stop();
      await sleep(3000); // the last calls' events arrive
      const cpu = probe.stop();
      const full = measure(p.receipts, run.answered, SECONDS);
      const finalSeq = await seqsOf(db, rooms);
      const behind = p.screens.reduce((n, s) => n + (finalSeq.get(s.roomId) - s.seq), 0);
      const missed = p.screens.reduce((n, s) => n + s.missed, 0);

      // The gateway killed mid-run and started again on the same port; calls go on (and fail while it is down).
      ctx.log('killing the gateway mid-run and restarting it');
      const kill = drive(rooms, (room) => platformCycle(platform.url, token, room));
      await sleep(scenario.killAfterSeconds * 1000);
      const gatewayPort = new URL(platform.url).port;
      const killedAt = performance.now();
      const atKill = await seqsOf(db, rooms);
      platform.children.gateway.kill('SIGKILL');
      const gateway = start('gateway', process.execPath, [path.join(ctx.root, 'services', 'gateway', 'dist', 'main.js')], { ...platform.env, HOST: '127.0.0.1', PORT: gatewayPort });
      let healthyAfter = null;
      const healthy = waitHealthy(`${platform.url}/prod-api/health`, [gateway]).then(() => (healthyAfter = (performance.now() - killedAt) / 1000));
      let backAfter = null;
      while (performance.now() - killedAt < 60_000) {
        // Back: connected again since the kill (every connection died with the gateway) and holding every call before it.
        if (p.screens.every((s) => s.connected && s.connectedAt > killedAt && s.seq >= atKill.get(s.roomId))) {
          backAfter = (performance.now() - killedAt) / 1000;
          break;
        }
        await sleep(100);
      }
      await healthy;
      await sleep(5000);
      kill.stop();
      await sleep(5000);
      const killCounts = kill.counts();
      const endSeq = await seqsOf(db, rooms);
      const lostAfterKill = p.screens.reduce((n, s) => n + Math.max(0, endSeq.get(s.roomId) - s.seq), 0);
      closeAll(p.screens);
      await stop(gateway);

      ctx.log('bare socket.io server: same screens, same calls');
      const port = await freePort();
      const bareUrl = `http://127.0.0.1:${port}`;
      const bare = start('baseline', process.execPath, [path.join(__dirname, 'baseline-kiosk-fanout.js')], { ...platform.env, PORT: String(port) });
      await waitHealthy(`${bareUrl}/prod-api/health`, [bare]);
      const b = await connectAll(bareUrl, rooms.map((r) => ({ roomId: r.roomId, token: null })), (room) => ({ room: room.roomId }));
      screensToClose.push(...b.screens);
      const bareRun = drive(rooms, (room) => bareCycle(bareUrl, room));
      await sleep(SECONDS * 1000);
      bareRun.stop();
      await sleep(3000);
      const base = measure(b.receipts, bareRun.answered, SECONDS);
      const bareMissed = b.screens.reduce((n, s) => n + s.missed, 0);
      closeAll(b.screens);

      const cores = Object.entries(cpu.cores).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
      const { calls, failed } = run.counts();
      ctx.note(`Calls: ${calls} made (${failed} failed), ${run.answered.size} events answered; ${full.measured} receipts matched to an answer. Events missed by sequence while connected: ${missed}; screens behind the rooms' final seq at the end: ${behind} events.`);
      ctx.note(`Targets: 0 missed (${missed + behind === 0 ? 'met' : 'NOT met'}); p99 under ${scenario.thresholds.p99Ms} ms (${full.p99} ms: ${full.p99 < scenario.thresholds.p99Ms ? 'met' : 'NOT met'}).`);
      ctx.note(
        `Gateway killed (SIGKILL) ${scenario.killAfterSeconds} s into a second run and started again at once: every screen connected again with every call made before the kill after ${backAfter === null ? 'more than 60' : backAfter.toFixed(1)} s, the new gateway answering /health after ${healthyAfter?.toFixed(1)} s (target ${scenario.thresholds.backWithinSeconds} s: ${backAfter !== null && backAfter <= scenario.thresholds.backWithinSeconds ? 'met' : 'NOT met'}); ${killCounts.failed} of ${killCounts.calls} calls failed while it was down; 10 s after it was back, screens were ${lostAfterKill} events behind the rooms' seq (${lostAfterKill === 0 ? 'no call missed' : 'NOT all caught up'}).`,
      );
      ctx.note('The bare server broadcasts before it answers, so its screens hold each event by the time the answer arrives (0 ms); the platform answers when the change is committed, and the event then goes through the outbox relay, JetStream and the gateway consumer.');
      ctx.note(`CPU during the platform minute, in cores: ${cores}. Everything (screens, callers, services, PostgreSQL, Redis) shares this machine's cores.`);
      ctx.note('No k6 script: k6 has no socket.io client (it needs an xk6 extension), so this scenario runs with socket.io-client only.');
      return [
        { Target: 'platform (HTTP → review → outbox → JetStream → gateway socket.io)', 'events/s delivered': Math.round(full.perSecond), 'vs bare rate': (full.perSecond / base.perSecond).toFixed(2), 'p50 ms': full.p50, 'p99 ms': full.p99, missed: missed + behind },
        { Target: 'bare socket.io server', 'events/s delivered': Math.round(base.perSecond), 'vs bare rate': '1.00', 'p50 ms': base.p50, 'p99 ms': base.p99, missed: bareMissed },
      ];
    } finally {
      closeAll(screensToClose);
      await db.end();
    }
  },
};
