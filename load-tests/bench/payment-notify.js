'use strict';
// Issue 15's payment-notify bench: 10,000 unpaid orders, each one's Alipay notification (signed with the sandbox's
// key, as Alipay signs them) sent three times in shuffled order over 200 connections to the gateway's public
// notify route: the payment service verifies the signature, checks app id, seller, order and amount, locks the
// order, applies the payment with a conditional update, stores the callback with its verdict and writes
// payment.order.paid to the outbox, which the relay publishes to JetStream. Against a bare Fastify handler in the
// same run doing the same signature check and conditional update on a copy of the orders.
// Target: every order paid exactly once (0 lost, 0 doubled), >= 0.3 x the bare handler's rate, p99 <= 2 x its p99.
//
// BENCH_PAY_ORDERS (default 10000) sets the number of orders.

const path = require('node:path');
const { Client } = require('pg');
const autocannon = require('autocannon');
const { sandboxEnv } = require('../../infra/alipay-sandbox/config');
const { notifications, seedOrders: seedOrdersInto } = require('../lib/alipay');
const { startPlatform } = require('./lib/platform');
const { start, freePort, waitHealthy } = require('./lib/processes');
const { startCpuProbe } = require('./lib/cpu');

const ORDERS = Number(process.env.BENCH_PAY_ORDERS || 10000);
const COPIES = 3;
const CONNECTIONS = 200;
const AMOUNT_FEN = 8800;
const TARGET_RATIO = 0.3;
const TARGET_P99_RATIO = 2;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every order's notification, signed once, then COPIES of each in a shuffled order (seeded, so runs compare). */
function shuffledNotifications(env, orderNos) {
  const all = notifications(env, orderNos, AMOUNT_FEN).flatMap((b) => Array(COPIES).fill(b));
  let seed = 15;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
}

/** Sends every body once over CONNECTIONS connections; latencies of all of them, answers counted. */
async function send(url, bodies) {
  let next = 0;
  const latencies = [];
  const answers = { success: 0, other: 0 };
  const started = Date.now();
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    amount: bodies.length,
    requests: [
      {
        method: 'POST',
        path: '/prod-api/alipay/payment/notify',
        setupRequest: (req) => ({ ...req, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: bodies[next++ % bodies.length] }),
        onResponse: (status, body) => {
          if (status === 200 && body === 'success') answers.success++;
          else answers.other++;
        },
      },
    ],
  });
  instance.on('response', (_c, _s, _b, ms) => latencies.push(ms));
  await instance;
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (f) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))] ?? 0);
  return { perSecond: latencies.length / seconds, p50: q(0.5), p99: q(0.99), seconds, answers, total: latencies.length };
}

const seedOrders = (db, table, prefix, signupBase, count = ORDERS) => seedOrdersInto(db, { table, prefix, signupBase, count, amountFen: AMOUNT_FEN });

module.exports = {
  name: 'payment-notify',
  description: `${ORDERS.toLocaleString('en')} orders × ${COPIES} signed Alipay notifications, shuffled, ${CONNECTIONS} connections, against a bare Fastify handler`,
  async run(ctx) {
    // A merchant of its own: fresh sandbox keys, whatever .env says.
    ctx.env = { ...ctx.env, ...sandboxEnv() };
    const platform = await startPlatform(ctx, { database: 'cmp_bench_pay' });
    const db = new Client({ connectionString: platform.env.DATABASE_URL });
    await db.connect();
    try {
      ctx.log(`seeding ${ORDERS} unpaid orders and signing ${ORDERS} notifications`);
      const orderNos = await seedOrders(db, 'payment.orders', 'BN', 900_000_000);
      await db.query(`CREATE TABLE payment.bench_orders (LIKE payment.orders INCLUDING ALL)`);
      const bareOrderNos = await seedOrders(db, 'payment.bench_orders', 'BN', 900_000_000);
      const bodies = shuffledNotifications(platform.env, orderNos);
      const bareBodies = shuffledNotifications(platform.env, bareOrderNos);

      // Warm-up on other orders (JIT, pools, connections), not counted.
      const warm = shuffledNotifications(platform.env, await seedOrders(db, 'payment.orders', 'WU', 800_000_000, 1000));
      await send(platform.url, warm.slice(0, 3000));

      const probe = startCpuProbe({ gateway: [platform.children.gateway.pid], payment: [platform.children.payment.pid], 'postgres (all)': 'postgres' });
      ctx.log(`platform: ${bodies.length} notifications over ${CONNECTIONS} connections`);
      const full = await send(platform.url, bodies);
      full.cpu = probe.stop();

      const port = await freePort();
      const bareUrl = `http://127.0.0.1:${port}`;
      const bare = start('baseline', process.execPath, [path.join(__dirname, 'baseline-payment-notify.js')], { ...platform.env, PORT: String(port) });
      await waitHealthy(`${bareUrl}/prod-api/health`, [bare]);
      await send(bareUrl, bareBodies.slice(0, 3000)); // warm-up: its first orders get paid here, the rest below
      await db.query(`UPDATE payment.bench_orders SET status = 'unpaid', trade_no = NULL, paid_at = NULL`);
      ctx.log(`bare handler: ${bareBodies.length} notifications`);
      const baseline = await send(bareUrl, bareBodies);

      // Outcome on the platform: every order paid once, one applied callback and one published event each.
      const wait = Date.now() + 60_000;
      while ((await db.query(`SELECT count(*)::int AS n FROM payment.outbox WHERE published_at IS NULL`)).rows[0].n > 0 && Date.now() < wait) await sleep(200);
      const [o] = (
        await db.query(
          `SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid, count(*) FILTER (WHERE status <> 'paid')::int AS lost,
                  COALESCE(sum(amount_fen) FILTER (WHERE status = 'paid'), 0)::bigint AS money
           FROM payment.orders WHERE order_no LIKE 'BN%'`,
        )
      ).rows;
      const [c] = (
        await db.query(
          `SELECT count(*) FILTER (WHERE verdict = 'applied')::int AS applied, count(*) FILTER (WHERE verdict = 'duplicate')::int AS duplicates,
                  count(*)::int AS callbacks, (SELECT count(*)::int FROM (SELECT order_no FROM payment.callbacks WHERE verdict = 'applied' AND order_no LIKE 'BN%' GROUP BY 1 HAVING count(*) > 1) d) AS doubled
           FROM payment.callbacks WHERE order_no LIKE 'BN%'`,
        )
      ).rows;
      const [e] = (
        await db.query(
          `SELECT count(*)::int AS written, count(*) FILTER (WHERE published_at IS NOT NULL)::int AS published FROM payment.outbox WHERE payload->>'orderId' LIKE 'BN%'`,
        )
      ).rows;
      const [b] = (await db.query(`SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid FROM payment.bench_orders`)).rows;

      const ratio = full.perSecond / baseline.perSecond;
      const p99Ratio = full.p99 / Math.max(1, baseline.p99);
      const cpu = Object.entries(full.cpu.cores).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
      ctx.note(`Orders: ${ORDERS} seeded, ${o.paid} paid, ${o.lost} lost, ${c.doubled} paid twice; money applied ${(Number(o.money) / 100).toFixed(2)} yuan of ${((ORDERS * AMOUNT_FEN) / 100).toFixed(2)}.`);
      ctx.note(`Callbacks stored: ${c.callbacks} (${c.applied} applied, ${c.duplicates} duplicates); events written ${e.written}, published to JetStream ${e.published}.`);
      ctx.note(`Answers: platform ${full.answers.success} "success", ${full.answers.other} other; bare ${baseline.answers.success} "success", ${baseline.answers.other} other (bare orders paid: ${b.paid}).`);
      ctx.note(`Targets: 0 lost and 0 doubled (${o.lost === 0 && c.doubled === 0 ? 'met' : 'NOT met'}); rate >= ${TARGET_RATIO} x bare (${ratio.toFixed(2)}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}); p99 <= ${TARGET_P99_RATIO} x bare (${p99Ratio.toFixed(2)}: ${p99Ratio <= TARGET_P99_RATIO ? 'met' : 'NOT met'}).`);
      ctx.note(`CPU during the platform run, in cores: ${cpu}.`);
      return [
        { Target: 'platform (gateway → NATS → payment service)', 'callbacks/s': Math.round(full.perSecond), 'p50 ms': full.p50, 'p99 ms': full.p99, 'vs bare rate': ratio.toFixed(2), 'vs bare p99': p99Ratio.toFixed(2) },
        { Target: 'bare Fastify handler', 'callbacks/s': Math.round(baseline.perSecond), 'p50 ms': baseline.p50, 'p99 ms': baseline.p99, 'vs bare rate': '1.00', 'vs bare p99': '1.00' },
      ];
    } finally {
      await db.end();
    }
  },
};
