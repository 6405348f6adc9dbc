'use strict';
// Alipay payment notifications for load runs: unpaid orders written straight into a payment table, and each
// order's asynchronous notification signed with the local sandbox's key, as Alipay signs them.

const { signContent, signText, toKey } = require('../../infra/alipay-sandbox/sign');

/** A form-encoded TRADE_SUCCESS notification for one order, signed with the sandbox's private key. */
function notification(env, key, orderNo, notifyId, amountFen) {
  const f = {
    notify_time: '2026-11-25 10:00:00', notify_type: 'trade_status_sync', notify_id: notifyId, charset: 'utf-8', version: '1.0', sign_type: 'RSA2',
    app_id: env.ALIPAY_APP_ID, seller_id: env.ALIPAY_SELLER_ID, out_trade_no: orderNo, trade_no: `2026112522001${orderNo}`,
    trade_status: 'TRADE_SUCCESS', total_amount: (amountFen / 100).toFixed(2), buyer_logon_id: 'b***@example.com', gmt_payment: '2026-11-25 10:00:00',
  };
  f.sign = signText(signContent(f, ['sign', 'sign_type']), key);
  return new URLSearchParams(f).toString();
}

/** One signed notification per order number (env: ALIPAY_APP_ID, ALIPAY_SELLER_ID, ALIPAY_SANDBOX_PRIVATE_KEY). */
function notifications(env, orderNos, amountFen, idPrefix = 'bench') {
  const key = toKey(env.ALIPAY_SANDBOX_PRIVATE_KEY, 'private');
  return orderNos.map((orderNo, i) => notification(env, key, orderNo, `${idPrefix}${i}`, amountFen));
}

/** `count` unpaid orders of `amountFen` numbered prefix + 10 digits; answers their order numbers. */
async function seedOrders(db, { table = 'payment.orders', prefix, signupBase, count, amountFen }) {
  await db.query(
    `INSERT INTO ${table} (order_no, group_id, signup_id, competition_id, competition_name, item_id, item_name, payer_user_id, payer_name, amount_fen, expires_at)
     SELECT $1 || lpad(g::text, 10, '0'), 1, $4::int + g, 1, '基准赛', 1, '赛项', 1, '付款人', $2, now() + interval '1 day' FROM generate_series(1, $3) g`,
    [prefix, amountFen, count, signupBase],
  );
  return (await db.query(`SELECT order_no FROM ${table} WHERE order_no LIKE $1 || '%' ORDER BY id`, [prefix])).rows.map((r) => r.order_no);
}

module.exports = { notifications, seedOrders };
