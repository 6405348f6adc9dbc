// A local stand-in for Alipay's openapi gateway (/gateway.do): the same parameters, RSA2 signatures and answers
// for the calls the platform makes, a cashier page with a pay button, signed notifications retried on Alipay's
// schedule, and the daily bill. Nothing here is known to the payment service: it only sees a gateway address.
// Test-only routes live under /sandbox/ (the real Alipay has no such thing; the platform never calls them).
'use strict';

const http = require('node:http');
const crypto = require('node:crypto');
const { toKey, signContent, signText, verifyText } = require('./sign');
const { billZip } = require('./bill');

/** Alipay resends an unacknowledged notification after 4m, 10m, 10m, 1h, 2h, 6h and 15h. */
const RETRY_MINUTES = [4, 10, 10, 60, 120, 360, 900];

const pad = (n) => String(n).padStart(2, '0');
/** Alipay's time format, in Beijing time: yyyy-MM-dd HH:mm:ss. */
function beijing(date = new Date()) {
  const d = new Date(date.getTime() + 8 * 3600 * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
const toFen = (amount) => (/^\d{1,9}(\.\d{1,2})?$/.test(String(amount ?? '')) ? Math.round(Number(amount) * 100) : null);
const yuan = (fen) => (fen / 100).toFixed(2);
const escapeHtml = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

const ERR = {
  notExist: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' },
  status: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' },
  inconsistent: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.CONTEXT_INCONSISTENT', sub_msg: '交易信息被篡改' },
  paid: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_SUCCESS', sub_msg: '交易已被支付' },
  closed: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_CLOSE', sub_msg: '交易已经关闭' },
  refundTooMuch: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', sub_msg: '退款金额超限' },
  billNotExist: { code: '40004', msg: 'Business Failed', sub_code: 'isp.bill_not_exist', sub_msg: '账单不存在' },
};
const invalid = (sub_code, sub_msg) => ({ code: '40002', msg: 'Invalid Arguments', sub_code, sub_msg });

/**
 * Creates the sandbox. options: appId, appPublicKey (verifies requests), privateKey (the sandbox's, signs answers and
 * notifications), sellerId, retryScale (multiplies the retry schedule; 0.001 turns 4 minutes into 240 ms).
 */
function createSandbox(options) {
  const appId = String(options.appId);
  const appPublicKey = toKey(options.appPublicKey, 'public');
  const privateKey = toKey(options.privateKey, 'private');
  const sellerId = String(options.sellerId ?? '2088000000000001');
  const retryScale = Number(options.retryScale ?? 1);
  const log = options.log ?? (() => undefined);

  /** out_trade_no → trade. A trade exists once the buyer opened the cashier (page/wap pay) or at precreate. */
  const trades = new Map();
  /** out_trade_no → the order a page/wap pay or precreate asked for (before a trade exists). */
  const orders = new Map();
  /** Every notification attempt, newest last: { notifyId, outTradeNo, attempt, at, answer }. */
  const notifications = [];
  /** Bill downloads, by token. */
  const bills = new Map();
  const timers = new Set();
  /** Test-only: answers of a method held back (the request is still carried out), { method: { delayMs, times } }. */
  const faults = new Map();
  let seq = 0;

  const tradeNo = () => {
    const d = beijing().replace(/\D/g, '').slice(0, 8);
    return `${d}22001${String(Date.now()).slice(-6)}${String(++seq).padStart(7, '0')}`;
  };

  // ---- answers ----

  /** A JSON answer signed as Alipay signs them: the sign covers the exact text of the *_response value. */
  function signedAnswer(method, body) {
    const key = `${method.replace(/\./g, '_')}_response`;
    const inner = JSON.stringify(body);
    return `{"${key}":${inner},"sign":"${signText(inner, privateKey)}"}`;
  }

  const ok = (fields) => ({ code: '10000', msg: 'Success', ...fields });

  // ---- notifications ----

  function notifyParams(trade, extra) {
    const now = new Date();
    const params = {
      notify_time: beijing(now),
      notify_type: 'trade_status_sync',
      notify_id: extra.notify_id,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      app_id: appId,
      auth_app_id: appId,
      seller_id: sellerId,
      trade_no: trade.trade_no,
      out_trade_no: trade.out_trade_no,
      trade_status: trade.status,
      total_amount: yuan(trade.totalFen),
      receipt_amount: yuan(trade.totalFen),
      invoice_amount: yuan(trade.totalFen),
      buyer_pay_amount: yuan(trade.totalFen),
      point_amount: '0.00',
      subject: trade.subject,
      body: trade.body,
      buyer_id: trade.buyer_id,
      buyer_logon_id: trade.buyer_logon_id,
      gmt_create: beijing(trade.created),
      gmt_payment: trade.paidAt ? beijing(trade.paidAt) : undefined,
      gmt_close: trade.closedAt ? beijing(trade.closedAt) : undefined,
      fund_bill_list: trade.paidAt ? JSON.stringify([{ amount: yuan(trade.totalFen), fundChannel: 'ALIPAYACCOUNT' }]) : undefined,
      passback_params: trade.passback_params,
      ...extra.fields,
    };
    for (const k of Object.keys(params)) if (params[k] === undefined) delete params[k];
    // Alipay signs notifications without sign and sign_type (rsaCheckV1).
    params.sign = signText(signContent(params, ['sign', 'sign_type']), privateKey);
    return params;
  }

  /** Posts one notification and keeps resending it until the answer is exactly "success" or the schedule ends. */
  function notify(trade, fields = {}) {
    if (!trade.notify_url) return;
    const notify_id = crypto.randomBytes(16).toString('hex');
    const params = notifyParams(trade, { notify_id, fields });
    const attempt = async (n) => {
      let answer;
      try {
        const res = await fetch(trade.notify_url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body: new URLSearchParams(params).toString(),
          signal: AbortSignal.timeout(15000),
        });
        answer = (await res.text()).trim();
      } catch (e) {
        answer = `error: ${e.message}`;
      }
      notifications.push({ notifyId: notify_id, outTradeNo: trade.out_trade_no, tradeStatus: params.trade_status, attempt: n + 1, at: new Date().toISOString(), answer });
      if (answer === 'success' || n >= RETRY_MINUTES.length) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        attempt(n + 1);
      }, RETRY_MINUTES[n] * 60000 * retryScale);
      timers.add(timer);
    };
    attempt(0);
  }

  // ---- trades ----

  /** Opens the trade for an order the buyer is looking at (page/wap pay) or scanning (precreate). */
  function openTrade(order) {
    let trade = trades.get(order.out_trade_no);
    if (!trade) {
      trade = {
        ...order,
        trade_no: tradeNo(),
        status: 'WAIT_BUYER_PAY',
        created: new Date(),
        buyer_id: `2088${String(100000000000 + (seq % 1000)).slice(0, 12)}`,
        buyer_logon_id: 'sandbox***@example.com',
        refunds: new Map(),
        refundedFen: 0,
      };
      trades.set(order.out_trade_no, trade);
    }
    return trade;
  }

  /**
   * The buyer pays: the trade succeeds once, the notification goes out (unless a test wants it lost), and the return
   * address gets signed params.
   */
  function pay(outTradeNo, { silent = false } = {}) {
    const order = orders.get(outTradeNo);
    if (!order && !trades.has(outTradeNo)) return { error: 'no such order' };
    const trade = openTrade(order ?? trades.get(outTradeNo));
    if (trade.status === 'TRADE_CLOSED') return { error: 'the trade is closed' };
    if (trade.status === 'WAIT_BUYER_PAY') {
      trade.status = 'TRADE_SUCCESS';
      trade.paidAt = new Date();
      if (!silent) notify(trade);
    }
    return { trade, returnUrl: returnUrl(trade) };
  }

  /** The synchronous return: the merchant's return_url with Alipay's signed parameters. */
  function returnUrl(trade) {
    if (!trade.return_url) return null;
    const params = {
      charset: 'utf-8',
      out_trade_no: trade.out_trade_no,
      method: `${trade.method}.return`,
      total_amount: yuan(trade.totalFen),
      trade_no: trade.trade_no,
      auth_app_id: appId,
      version: '1.0',
      app_id: appId,
      sign_type: 'RSA2',
      seller_id: sellerId,
      timestamp: beijing(),
    };
    params.sign = signText(signContent(params, ['sign', 'sign_type']), privateKey);
    const url = new URL(trade.return_url);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  function findTrade(biz) {
    if (biz.out_trade_no) return trades.get(String(biz.out_trade_no));
    if (biz.trade_no) return [...trades.values()].find((t) => t.trade_no === String(biz.trade_no));
    return undefined;
  }

  // ---- the gateway's methods ----

  /** Remembers what a page/wap pay or precreate asked for; the same order number must keep the same amount. */
  function recordOrder(method, biz, params) {
    const totalFen = toFen(biz.total_amount);
    if (!biz.out_trade_no || totalFen === null || totalFen <= 0 || !biz.subject) {
      return { error: invalid('isv.missing-parameter', 'out_trade_no, subject and total_amount (yuan, up to 2 decimals, > 0) are required') };
    }
    const existing = trades.get(String(biz.out_trade_no)) ?? orders.get(String(biz.out_trade_no));
    if (existing && (existing.totalFen !== totalFen || existing.subject !== String(biz.subject))) return { error: ERR.inconsistent };
    const trade = trades.get(String(biz.out_trade_no));
    if (trade?.status === 'TRADE_SUCCESS' || trade?.status === 'TRADE_FINISHED') return { error: ERR.paid };
    if (trade?.status === 'TRADE_CLOSED') return { error: ERR.closed };
    const order = {
      method,
      out_trade_no: String(biz.out_trade_no),
      totalFen,
      subject: String(biz.subject),
      body: biz.body,
      passback_params: biz.passback_params,
      notify_url: params.notify_url,
      return_url: params.return_url,
      // The phone cashier's way back when the buyer quits (wap pay's quit_url).
      quit_url: biz.quit_url,
      token: existing?.token ?? crypto.randomBytes(12).toString('hex'),
    };
    orders.set(order.out_trade_no, order);
    if (trade) Object.assign(trade, { notify_url: order.notify_url ?? trade.notify_url, return_url: order.return_url ?? trade.return_url });
    return { order };
  }

  const methods = {
    'alipay.trade.precreate'(biz, params, base) {
      const { error, order } = recordOrder('alipay.trade.precreate', biz, params);
      if (error) return error;
      openTrade(order);
      return ok({ out_trade_no: order.out_trade_no, qr_code: `${base}/sandbox/qr/${order.token}` });
    },
    'alipay.trade.query'(biz) {
      const trade = findTrade(biz);
      if (!trade) return ERR.notExist;
      return ok({
        trade_no: trade.trade_no,
        out_trade_no: trade.out_trade_no,
        buyer_logon_id: trade.buyer_logon_id,
        buyer_user_id: trade.buyer_id,
        trade_status: trade.status,
        total_amount: yuan(trade.totalFen),
        receipt_amount: trade.paidAt ? yuan(trade.totalFen) : '0.00',
        buyer_pay_amount: trade.paidAt ? yuan(trade.totalFen) : '0.00',
        send_pay_date: trade.paidAt ? beijing(trade.paidAt) : undefined,
      });
    },
    'alipay.trade.close'(biz) {
      const trade = findTrade(biz);
      if (!trade) {
        // Nothing was scanned or opened yet: Alipay has no trade. The order can no longer be paid either way.
        const order = orders.get(String(biz.out_trade_no ?? ''));
        if (order) order.closed = true;
        return ERR.notExist;
      }
      if (trade.status !== 'WAIT_BUYER_PAY') return ERR.status;
      trade.status = 'TRADE_CLOSED';
      trade.closedAt = new Date();
      return ok({ trade_no: trade.trade_no, out_trade_no: trade.out_trade_no });
    },
    'alipay.trade.refund'(biz) {
      const trade = findTrade(biz);
      if (!trade) return ERR.notExist;
      const amountFen = toFen(biz.refund_amount);
      if (amountFen === null || amountFen <= 0) return invalid('isv.invalid-parameter', 'refund_amount must be yuan with up to 2 decimals, > 0');
      const requestNo = String(biz.out_request_no ?? trade.out_trade_no);
      const answer = (fund_change) =>
        ok({
          trade_no: trade.trade_no,
          out_trade_no: trade.out_trade_no,
          buyer_logon_id: trade.buyer_logon_id,
          buyer_user_id: trade.buyer_id,
          fund_change,
          refund_fee: yuan(trade.refundedFen),
          gmt_refund_pay: beijing(trade.refunds.get(requestNo).at),
        });
      const earlier = trade.refunds.get(requestNo);
      if (earlier) return earlier.amountFen === amountFen ? answer('N') : ERR.inconsistent;
      if (!trade.paidAt) return ERR.status;
      if (trade.refundedFen + amountFen > trade.totalFen) return ERR.refundTooMuch;
      trade.refunds.set(requestNo, { amountFen, reason: biz.refund_reason, at: new Date() });
      trade.refundedFen += amountFen;
      if (trade.refundedFen === trade.totalFen) {
        trade.status = 'TRADE_CLOSED';
        trade.closedAt = new Date();
      }
      // Alipay tells the notify address about a refund too (with out_biz_no, refund_fee, gmt_refund).
      notify(trade, { out_biz_no: requestNo, refund_fee: yuan(trade.refundedFen), gmt_refund: `${beijing()}.000`, trade_status: trade.status });
      return answer('Y');
    },
    'alipay.trade.fastpay.refund.query'(biz) {
      const trade = findTrade(biz);
      if (!trade) return ERR.notExist;
      const requestNo = String(biz.out_request_no ?? trade.out_trade_no);
      const refund = trade.refunds.get(requestNo);
      // A refund Alipay never received is answered with success and no amount, as the real gateway does.
      if (!refund) return ok({ trade_no: trade.trade_no, out_trade_no: trade.out_trade_no, out_request_no: requestNo });
      return ok({
        trade_no: trade.trade_no,
        out_trade_no: trade.out_trade_no,
        out_request_no: requestNo,
        total_amount: yuan(trade.totalFen),
        refund_amount: yuan(refund.amountFen),
        refund_status: 'REFUND_SUCCESS',
        gmt_refund_pay: beijing(refund.at),
      });
    },
    'alipay.data.dataservice.bill.downloadurl.query'(biz, params, base) {
      const day = String(biz.bill_date ?? '');
      if (String(biz.bill_type ?? '') !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
        return invalid('isv.invalid-parameter', 'bill_type must be "trade" and bill_date yyyy-MM-dd');
      }
      if (day >= beijing().slice(0, 10)) return ERR.billNotExist; // T+1 only
      const token = crypto.randomBytes(12).toString('hex');
      bills.set(token, { day, at: Date.now() });
      return ok({ bill_download_url: `${base}/sandbox/bill/${token}.csv.zip` });
    },
  };

  /** The bill rows of one day (Beijing time): every payment and every refund completed that day. */
  function billRows(day) {
    const rows = [];
    for (const t of trades.values()) {
      const common = { tradeNo: t.trade_no, outTradeNo: t.out_trade_no, subject: t.subject, createdAt: beijing(t.created), buyer: t.buyer_logon_id };
      if (t.paidAt && beijing(t.paidAt).startsWith(day)) {
        rows.push({ ...common, kind: '交易', finishedAt: beijing(t.paidAt), amountFen: t.billFen ?? t.totalFen });
      }
      for (const [requestNo, r] of t.refunds) {
        if (beijing(r.at).startsWith(day)) rows.push({ ...common, kind: '退款', finishedAt: beijing(r.at), amountFen: -r.amountFen, requestNo });
      }
    }
    return rows.sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
  }

  // ---- HTTP ----

  function cashierPage(order, base, wap) {
    const trade = trades.get(order.out_trade_no);
    const state = order.closed || trade?.status === 'TRADE_CLOSED' ? 'closed' : trade?.paidAt ? 'paid' : 'open';
    const note = { closed: '<p class="note">交易已关闭 / This trade is closed.</p>', paid: '<p class="note">已支付 / Already paid.</p>', open: '' }[state];
    const buttons =
      state === 'open'
        ? `<form method="post" action="${base}/sandbox/cashier/${order.token}/pay"><button id="pay" type="submit">确认付款 / Pay</button></form>
           <form method="post" action="${base}/sandbox/cashier/${order.token}/cancel"><button id="cancel" class="secondary" type="submit">取消 / Cancel</button></form>`
        : '';
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>支付宝沙箱收银台 / Alipay sandbox cashier</title>
<style>
body{font-family:-apple-system,"Noto Sans CJK SC","PingFang SC",sans-serif;background:#f5f5f5;margin:0}
header{background:#1677ff;color:#fff;padding:12px 24px;font-size:18px}
main{max-width:${wap ? '100%' : '560px'};margin:${wap ? '0' : '40px auto'};background:#fff;padding:24px;box-sizing:border-box}
.amount{font-size:36px;color:#1677ff;margin:8px 0} dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;color:#555}
button{width:100%;padding:12px;font-size:16px;border:0;border-radius:6px;background:#1677ff;color:#fff;margin-top:12px;cursor:pointer}
button.secondary{background:#fff;color:#333;border:1px solid #ccc}.note{color:#d4380d}.sandbox{color:#999;font-size:12px;margin-top:16px}
</style></head><body class="${wap ? 'wap' : 'pc'}"><header>支付宝 · 沙箱 / Alipay sandbox</header><main>
<div>${escapeHtml(order.subject)}</div>
<div class="amount" id="amount">¥ ${yuan(order.totalFen)}</div>
<dl><dt>订单号 / Order</dt><dd id="out-trade-no">${escapeHtml(order.out_trade_no)}</dd><dt>收款方 / Payee</dt><dd>${escapeHtml(sellerId)}</dd></dl>
${note}${buttons}
<p class="sandbox">本页面是本地支付宝沙箱，不会扣款。 / This is a local Alipay sandbox: no money moves.</p>
</main></body></html>`;
  }

  const send = (res, status, type, body, headers = {}) => {
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(body);
  };

  function readBody(req) {
    return new Promise((resolve, reject) => {
      const chunks = [];
      let size = 0;
      req.on('data', (c) => {
        size += c.length;
        if (size > 1 << 20) {
          reject(new Error('body too large'));
          req.destroy();
        } else chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });
  }

  async function gateway(req, res, url, base) {
    const params = Object.fromEntries(url.searchParams);
    const type = String(req.headers['content-type'] ?? '');
    if (req.method === 'POST') {
      const text = await readBody(req);
      if (type.includes('application/json')) Object.assign(params, JSON.parse(text || '{}'));
      else Object.assign(params, Object.fromEntries(new URLSearchParams(text)));
    }
    const method = String(params.method ?? '');
    const page = method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay';
    const answer = (body) => (page ? send(res, 200, 'text/html; charset=utf-8', errorPage(body)) : send(res, 200, 'application/json; charset=utf-8', signedAnswer(method || 'error', body)));
    if (params.app_id !== appId) return answer(invalid('isv.invalid-app-id', `无效的AppID参数 / unknown app_id ${params.app_id ?? ''}`));
    if (params.sign_type !== 'RSA2') return answer(invalid('isv.invalid-signature-type', 'sign_type must be RSA2'));
    if (!verifyText(signContent(params), params.sign, appPublicKey)) {
      return answer(invalid('isv.invalid-signature', `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${signContent(params)}`));
    }
    let biz;
    try {
      biz = JSON.parse(params.biz_content || '{}');
    } catch {
      return answer(invalid('isv.invalid-parameter', 'biz_content is not JSON'));
    }
    if (page) {
      const { error, order } = recordOrder(method, biz, params);
      if (error) return answer(error);
      return send(res, 302, 'text/plain', '', { location: `${base}/sandbox/cashier/${order.token}` });
    }
    const handler = methods[method];
    if (!handler) return answer(invalid('isv.invalid-method', `不存在的方法名 / unknown method ${method}`));
    log(`${method} ${params.biz_content}`);
    const body = handler(biz, params, base);
    const fault = faults.get(method);
    if (fault && fault.times > 0) {
      fault.times--;
      await new Promise((r) => setTimeout(r, fault.delayMs));
    }
    return answer(body);
  }

  const errorPage = (body) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>支付宝沙箱 / Alipay sandbox</title></head><body><h1>错误 / Error</h1><p id="sub-code">${escapeHtml(body.sub_code)}</p><p>${escapeHtml(body.sub_msg)}</p></body></html>`;

  const byToken = (token) => [...orders.values()].find((o) => o.token === token);

  async function route(req, res) {
    const url = new URL(req.url, 'http://sandbox');
    const base = `http://${req.headers.host}`;
    const path = url.pathname;
    if (path === '/gateway.do') return gateway(req, res, url, base);

    let m;
    if ((m = path.match(/^\/sandbox\/(cashier|qr)\/([0-9a-f]+)$/)) && req.method === 'GET') {
      const order = byToken(m[2]);
      if (!order) return send(res, 404, 'text/plain; charset=utf-8', '订单不存在 / no such order');
      if (!order.closed) openTrade(order); // the buyer is looking at it: Alipay now has a trade
      return send(res, 200, 'text/html; charset=utf-8', cashierPage(order, base, order.method === 'alipay.trade.wap.pay' || m[1] === 'qr'));
    }
    if ((m = path.match(/^\/sandbox\/cashier\/([0-9a-f]+)\/(pay|cancel)$/)) && req.method === 'POST') {
      const order = byToken(m[1]);
      if (!order) return send(res, 404, 'text/plain; charset=utf-8', '订单不存在 / no such order');
      if (m[2] === 'cancel') {
        const back = order.quit_url ?? order.return_url;
        return send(res, 302, 'text/plain', '', { location: back || `${base}/sandbox/cashier/${order.token}` });
      }
      const done = order.closed ? { error: 'closed' } : pay(order.out_trade_no);
      if (done.error) return send(res, 302, 'text/plain', '', { location: `${base}/sandbox/cashier/${order.token}` });
      return send(res, 302, 'text/plain', '', { location: done.returnUrl ?? `${base}/sandbox/cashier/${order.token}` });
    }
    if ((m = path.match(/^\/sandbox\/bill\/([0-9a-f]+)\.csv\.zip$/)) && req.method === 'GET') {
      const bill = bills.get(m[1]);
      if (!bill || Date.now() - bill.at > 30000) return send(res, 404, 'text/plain', 'the download address has expired (30 s)');
      const stamp = bill.day.replace(/-/g, '');
      const zipped = billZip({ account: sellerId, day: bill.day, rows: billRows(bill.day), exportedAt: beijing().replace(/^(\d+)-(\d+)-(\d+)/, '$1年$2月$3日') });
      return send(res, 200, 'application/zip', zipped, { 'content-disposition': `attachment; filename="${sellerId}_${stamp}.csv.zip"` });
    }

    // ---- test-only helpers: the real Alipay has none of these ----
    if (path === '/sandbox/pay' && req.method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}');
      // { notify: false }: paid, but the notification never reaches the merchant (what reconciliation is for).
      const done = pay(String(body.out_trade_no ?? ''), { silent: body.notify === false });
      if (done.error) return send(res, 404, 'application/json', JSON.stringify({ error: done.error }));
      return send(res, 200, 'application/json', JSON.stringify({ trade_no: done.trade.trade_no, return_url: done.returnUrl }));
    }
    if (path === '/sandbox/faults' && req.method === 'POST') {
      // Holds back the next `times` answers of `method` by `delayMs` (after doing the work), as a lost answer looks.
      const body = JSON.parse((await readBody(req)) || '{}');
      faults.set(String(body.method), { delayMs: Number(body.delayMs ?? 0), times: Number(body.times ?? 1) });
      return send(res, 200, 'application/json', '{"ok":true}');
    }
    if (path === '/sandbox/notifications' && req.method === 'GET') {
      const outTradeNo = url.searchParams.get('out_trade_no');
      return send(res, 200, 'application/json', JSON.stringify(notifications.filter((n) => !outTradeNo || n.outTradeNo === outTradeNo)));
    }
    if (path === '/sandbox/trades' && req.method === 'GET') {
      const list = [...trades.values()].map((t) => ({ out_trade_no: t.out_trade_no, trade_no: t.trade_no, status: t.status, total_amount: yuan(t.totalFen), refunded: yuan(t.refundedFen) }));
      return send(res, 200, 'application/json', JSON.stringify(list));
    }
    if (path === '/sandbox/bill' && req.method === 'GET') {
      // The same zip as the bill download gives, for any day including today (tests cannot wait for T+1).
      const day = url.searchParams.get('date') ?? beijing().slice(0, 10);
      return send(res, 200, 'application/zip', billZip({ account: sellerId, day, rows: billRows(day), exportedAt: beijing().replace(/^(\d+)-(\d+)-(\d+)/, '$1年$2月$3日') }));
    }
    if (path === '/health') return send(res, 200, 'application/json', '{"ok":true}');
    return send(res, 404, 'text/plain', 'not found');
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((e) => {
      log(`error: ${e.stack ?? e}`);
      if (!res.headersSent) send(res, 400, 'text/plain; charset=utf-8', `bad request: ${e.message}`);
    });
  });

  return {
    server,
    trades,
    notifications,
    listen: (port, host = '127.0.0.1') => new Promise((resolve) => server.listen(port, host, () => resolve(server.address().port))),
    close: () =>
      new Promise((resolve) => {
        timers.forEach(clearTimeout);
        timers.clear();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

module.exports = { createSandbox, RETRY_MINUTES, beijing };
