import { Inject, Injectable } from '@nestjs/common';
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { AppError } from '@cmp/common';
import { fenOf, yuanOf } from '@cmp/contracts';
import { PAYMENT_CONFIG, type PaymentConfig } from '../config';
import { beijingTime } from './time';

/** What the platform tells Alipay about an order. */
export interface AlipayOrder {
  orderNo: string;
  amountFen: number;
  subject: string;
  expiresAt: Date;
}

export interface AlipayTrade {
  tradeNo: string;
  tradeStatus: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
  totalFen: number | null;
  buyerLogonId: string | null;
}

/**
 * The merchant's side of Alipay's openapi (gateway.do) through the official SDK: RSA2-signed requests, answers
 * verified with Alipay's public key. Business failures come back as results (code ≠ 10000), transport failures
 * and bad answer signatures as thrown errors; callers decide what each means.
 */
@Injectable()
export class AlipayClient {
  private readonly sdk: AlipaySdk;

  constructor(@Inject(PAYMENT_CONFIG) private readonly config: PaymentConfig) {
    const a = config.alipay;
    this.sdk = new AlipaySdk({
      appId: a.appId,
      privateKey: a.privateKey,
      alipayPublicKey: a.alipayPublicKey,
      gateway: a.gateway,
      timeout: a.timeoutMs,
      camelcase: false,
      keyType: a.privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
    });
  }

  get appId(): string {
    return this.config.alipay.appId;
  }

  get sellerId(): string {
    return this.config.alipay.sellerId;
  }

  /**
   * The cashier address for a computer (page pay) or a phone (wap pay); `returnUrl` is where Alipay sends the payer
   * back, and where the phone cashier's "quit" goes.
   */
  payUrl(order: AlipayOrder, wap: boolean, returnUrl: string): string {
    const bizContent = wap ? { ...this.biz(order), product_code: 'QUICK_WAP_WAY', quit_url: returnUrl } : { ...this.biz(order), product_code: 'FAST_INSTANT_TRADE_PAY' };
    return this.sdk.pageExecute(wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', { bizContent, notifyUrl: this.config.notifyUrl, returnUrl });
  }

  /** A QR code the payer scans (precreate). */
  async qrCode(order: AlipayOrder): Promise<string> {
    const r = await this.exec('alipay.trade.precreate', { bizContent: this.biz(order), notifyUrl: this.config.notifyUrl });
    if (!isOk(r) || !r.qr_code) throw AppError.badRequest('payment.alipayFailed', { reason: reasonOf(r) });
    return String(r.qr_code);
  }

  /** The trade as Alipay knows it; null when Alipay has none (nobody opened the cashier yet). */
  async query(orderNo: string): Promise<AlipayTrade | null> {
    const r = await this.exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } });
    if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
    if (!isOk(r)) throw new Error(`alipay.trade.query: ${reasonOf(r)}`);
    return { tradeNo: String(r.trade_no), tradeStatus: r.trade_status, totalFen: fenOf(r.total_amount), buyerLogonId: r.buyer_logon_id ?? null };
  }

  /** Closes an unpaid trade; true when it is closed or Alipay never had it, false when it can no longer be closed (paid). */
  async close(orderNo: string): Promise<boolean> {
    const r = await this.exec('alipay.trade.close', { bizContent: { out_trade_no: orderNo } });
    if (isOk(r) || r.sub_code === 'ACQ.TRADE_NOT_EXIST') return true;
    if (r.sub_code === 'ACQ.TRADE_STATUS_ERROR') return false;
    throw new Error(`alipay.trade.close: ${reasonOf(r)}`);
  }

  /**
   * Refunds with the refund's own request number: Alipay pays a request number once, so sending it again after a
   * time-out answers the first result instead of paying twice. Returns the trade's total refunded so far.
   */
  async refund(orderNo: string, refundNo: string, amountFen: number, reason: string): Promise<{ ok: true; refundedFen: number } | { ok: false; reason: string }> {
    const r = await this.exec('alipay.trade.refund', {
      bizContent: { out_trade_no: orderNo, out_request_no: refundNo, refund_amount: yuanOf(amountFen), refund_reason: reason },
    });
    if (!isOk(r)) return { ok: false, reason: reasonOf(r) };
    return { ok: true, refundedFen: fenOf(r.refund_fee) ?? 0 };
  }

  /** The download address of a day's trade bill (yyyy-MM-dd, Beijing time); null when Alipay has none for that day. */
  async billUrl(day: string): Promise<string | null> {
    const r = await this.exec('alipay.data.dataservice.bill.downloadurl.query', { bizContent: { bill_type: 'trade', bill_date: day } });
    if (r.sub_code === 'isp.bill_not_exist') return null;
    if (!isOk(r)) throw new Error(`bill download: ${reasonOf(r)}`);
    return String(r.bill_download_url);
  }

  /**
   * Whether a notification's signature is Alipay's. Alipay signs every field but sign and sign_type, empty ones left
   * out, sorted, as k=v joined by & (its "rsaCheckV1"); the SDK's rsaCheck verifies that text once (its
   * checkNotifySign would try with sign_type first, a second RSA verification on every notification).
   */
  verifyNotification(fields: Record<string, string>): boolean {
    const content = Object.keys(fields)
      .filter((k) => k !== 'sign' && k !== 'sign_type' && fields[k] !== '' && fields[k] != null)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    try {
      return Boolean(fields.sign) && this.sdk.rsaCheck(content, fields.sign, 'RSA2');
    } catch {
      return false;
    }
  }

  private biz(order: AlipayOrder) {
    return { out_trade_no: order.orderNo, total_amount: yuanOf(order.amountFen), subject: order.subject, time_expire: beijingTime(order.expiresAt) };
  }

  private exec(method: string, params: Record<string, unknown>): Promise<AlipaySdkCommonResult> {
    return this.sdk.exec(method, params, { validateSign: true });
  }
}

const isOk = (r: AlipaySdkCommonResult) => r.code === '10000';
const reasonOf = (r: AlipaySdkCommonResult) => `${r.sub_code ?? r.code} ${r.sub_msg ?? r.msg ?? ''}`.trim();
