#!/usr/bin/env node
// Bare-handler baseline of the payment-notify bench: POST /prod-api/alipay/payment/notify in one plain Fastify
// process that parses the form, verifies Alipay's RSA2 signature the same way (every field but sign and sign_type,
// sorted, k=v&...), checks app id, seller and amount, and applies the payment with the same conditional update on
// its own copy of the orders (payment.bench_orders), without Nest, NATS, the callback log or the outbox.
// Env: PORT, DATABASE_URL, REDIS_URL, JWT_SECRET, ALIPAY_APP_ID, ALIPAY_SELLER_ID, ALIPAY_PUBLIC_KEY.
'use strict';

const crypto = require('node:crypto');
const { bareServer } = require('./lib/bare-server');
const { toKey, signContent } = require('../../infra/alipay-sandbox/sign');

const alipayKey = toKey(process.env.ALIPAY_PUBLIC_KEY, 'public');
// Pool size 30 like the payment service's DB_POOL_SIZE default.
const { app, pool, listen } = bareServer({ max: 30 });
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body))));

const fenOf = (yuan) => {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(yuan ?? ''));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
};

app.post('/prod-api/alipay/payment/notify', async (req, reply) => {
  const f = req.body || {};
  reply.type('text/plain');
  const ok = crypto.createVerify('RSA-SHA256').update(signContent(f, ['sign', 'sign_type']), 'utf8').verify(alipayKey, String(f.sign ?? ''), 'base64');
  if (!ok || f.app_id !== process.env.ALIPAY_APP_ID || f.seller_id !== process.env.ALIPAY_SELLER_ID) return 'failure';
  const { rows } = await pool.query({
    name: 'bench.notify',
    text: `UPDATE payment.bench_orders SET status = 'paid', trade_no = $2, paid_at = now() WHERE order_no = $1 AND amount_fen = $3 AND status = 'unpaid' RETURNING id`,
    values: [f.out_trade_no, f.trade_no, fenOf(f.total_amount)],
  });
  return rows.length || f.trade_status === 'TRADE_SUCCESS' ? 'success' : 'failure';
});

listen();
