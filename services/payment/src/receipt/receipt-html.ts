import { amountInCapitals, escapeHtml, yuanOf } from '@cmp/contracts';
import { beijingTime } from '../alipay/time';

/** What a receipt (收据) prints: the order as paid, its number and the organisation that received the fee. */
export interface ReceiptContent {
  receiptNo: string;
  issuedAt: Date;
  organisation: string;
  payerName: string;
  school: string | null;
  competitionName: string;
  itemName: string;
  amountFen: number;
  refundedFen: number;
  channel: string | null;
  paidAt: Date;
  tradeNo: string | null;
  orderNo: string;
  /** The organisation's seal as a data URL; none prints no seal. */
  seal?: string;
}

const CHANNELS: Record<string, string> = {
  page: '支付宝（电脑网站） Alipay',
  wap: '支付宝（手机网站） Alipay',
  qr: '支付宝（扫码） Alipay',
  offline: '线下缴费 Offline',
};

const money = (fen: number) => `¥${yuanOf(fen)}`;

/**
 * The receipt as one A5 landscape page, bilingual labels (a Chinese accounting document that foreign payers read
 * too). The amount in capitals is what the payer kept paid: the fee less what was refunded.
 */
export function receiptHtml(r: ReceiptContent): string {
  const e = escapeHtml;
  const net = r.amountFen - r.refundedFen;
  const row = (label: string, value: string, wide = false) =>
    `<th>${label}</th><td${wide ? ' colspan="3"' : ''}>${value}</td>`;
  const refundRows = r.refundedFen
    ? `<tr>${row('已退款 Refunded', money(r.refundedFen))}${row('实收 Net', money(net))}</tr>`
    : '';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${e(r.receiptNo)}</title>
<style>
  @page { size: 210mm 148mm; margin: 0; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: 'Noto Serif CJK SC', 'Noto Sans CJK SC', serif; color: #1f1f1f; }
  .sheet { position: relative; width: 210mm; height: 148mm; padding: 11mm 13mm; }
  h1 { margin: 0; text-align: center; font-size: 22pt; color: #a8071a; }
  .sub { text-align: center; font-size: 9pt; color: #8c8c8c; margin-bottom: 4mm; }
  .head { display: flex; justify-content: space-between; font-size: 10pt; margin-bottom: 2mm; }
  .no { color: #a8071a; font-family: 'Noto Sans CJK SC', sans-serif; }
  table { width: 100%; border-collapse: collapse; font-size: 10pt; }
  th, td { border: 0.3mm solid #a8071a; padding: 1.8mm 2.5mm; text-align: left; vertical-align: middle; }
  th { width: 33mm; font-weight: normal; color: #595959; background: #fff7f7; white-space: nowrap; }
  .capitals { font-size: 13pt; font-weight: bold; }
  .foot { display: flex; justify-content: space-between; align-items: flex-end; margin-top: 5mm; font-size: 10pt; }
  .payee { position: relative; min-width: 80mm; text-align: right; }
  .seal { position: absolute; right: 4mm; top: -27mm; width: 34mm; height: 34mm; object-fit: contain; opacity: 0.85; }
  .note { font-size: 8pt; color: #8c8c8c; }
</style></head>
<body><div class="sheet">
  <h1>收款收据</h1>
  <div class="sub">RECEIPT</div>
  <div class="head">
    <span>收据号 Receipt no.：<span class="no">${e(r.receiptNo)}</span></span>
    <span>开具日期 Issued：${e(beijingTime(r.issuedAt).slice(0, 10))}</span>
  </div>
  <table>
    <tr>${row('交款人 Payer', e(r.payerName))}${row('学校 School', e(r.school ?? '—'))}</tr>
    <tr>${row('竞赛 Competition', e(r.competitionName), true)}</tr>
    <tr>${row('赛项 Event', e(r.itemName), true)}</tr>
    <tr>${row('金额（大写）<br>In words', `<span class="capitals">人民币${amountInCapitals(net)}</span>`, true)}</tr>
    <tr>${row('金额（小写） Amount', money(r.amountFen))}${row('支付方式 Channel', e(CHANNELS[r.channel ?? ''] ?? r.channel ?? '—'))}</tr>
    ${refundRows}
    <tr>${row('支付时间 Paid at', `${e(beijingTime(r.paidAt))}（北京时间）`)}${row('订单号 Order no.', e(r.orderNo))}</tr>
    <tr>${row('支付宝交易号<br>Alipay trade no.', e(r.tradeNo ?? '—'), true)}</tr>
  </table>
  <div class="foot">
    <span class="note">本收据用于报销报名费，同一笔费用只开具一个收据号。<br>For reimbursement of the entry fee; one receipt number per payment.</span>
    <span class="payee">收款单位（盖章） Payee：${e(r.organisation)}${r.seal ? `<img class="seal" alt="" src="${e(r.seal)}">` : ''}</span>
  </div>
</div></body></html>`;
}
