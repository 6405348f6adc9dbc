import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, ChromiumBrowser, inlineStoredImage, inScope, printHtmlToPdf, receiptFileKey, RPC, Scopes, type NatsRpcClient, type StorageBackend } from '@cmp/common';
import { AuthSubject, CertificatesSubject, EnrollmentSubject, hasAnyPermission, Perm, type ReceiptFile, type ReceiptQuery, type RpcRequest } from '@cmp/contracts';
import { PAYMENT_CONFIG, STORAGE, type PaymentConfig } from '../config';
import { ORDER_ROW, type OrderRow } from '../order/order.sql';
import { receiptHtml } from './receipt-html';

/** The order a receipt may be printed for, and why not otherwise. */
const REFUSALS: Record<string, 'payment.receiptRefunding' | 'payment.receiptRefunded' | 'payment.receiptNotPaid'> = {
  refunding: 'payment.receiptRefunding',
  refunded: 'payment.receiptRefunded',
  unpaid: 'payment.receiptNotPaid',
  closed: 'payment.receiptNotPaid',
};

/**
 * Receipts (收据) of paid fees: for the payer, or finance of the order's organisation (anyone else is told the order
 * does not exist). The number is drawn once per order and kept; the PDF is printed anew on every download, so a
 * refund made since shows, and stored under the number for the gateway to stream.
 */
@Injectable()
export class ReceiptService implements OnModuleDestroy {
  private readonly log = new Logger('ReceiptService');
  private readonly chromium: ChromiumBrowser;

  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    @Inject(STORAGE) private readonly storage: StorageBackend,
    @Inject(PAYMENT_CONFIG) config: PaymentConfig,
  ) {
    this.chromium = new ChromiumBrowser(config.chromiumPath);
  }

  onModuleDestroy(): Promise<void> {
    return this.chromium.close();
  }

  async file(req: RpcRequest<ReceiptQuery>): Promise<ReceiptFile> {
    const o = await this.orderOf(req);
    const refusal = REFUSALS[o.status];
    if (refusal) throw AppError.badRequest(refusal);
    const { receiptNo, issuedAt } = await this.numberOf(o.id);
    const [[group], { schoolName }, { imageUrl }] = await Promise.all([
      this.rpc.request<{ name: string }[]>(AuthSubject.groupNames, { meta: req.meta, payload: { ids: [o.groupId] } }),
      this.rpc.request<{ schoolName: string | null }>(EnrollmentSubject.signupSchool, { meta: req.meta, payload: { signupId: o.signupId } }),
      this.rpc.request<{ imageUrl: string | null }>(CertificatesSubject.sealOf, { meta: req.meta, payload: { groupId: o.groupId } }),
    ]);
    const html = receiptHtml({
      ...o,
      receiptNo,
      issuedAt,
      organisation: group?.name ?? '',
      school: schoolName,
      paidAt: new Date(o.paidAt!),
      seal: await inlineStoredImage(this.storage, imageUrl),
    });
    let pdf: Buffer;
    try {
      pdf = await printHtmlToPdf(this.chromium, html);
    } catch (e) {
      this.log.error(`receipt ${receiptNo} not printed: ${(e as Error).message}`);
      throw AppError.conflict('payment.receiptFailed');
    }
    const key = receiptFileKey(receiptNo);
    await this.storage.put(key, pdf, 'application/pdf');
    return { receiptNo, key };
  }

  /**
   * By order: its payer, or finance (`finance:list`) of its organisation. By sign-up: the caller's paid order of it
   * (a sign-up paid twice has its second payment refunded: the one still paid comes first).
   */
  private async orderOf(req: RpcRequest<ReceiptQuery>): Promise<OrderRow> {
    const me = callerOf(req);
    const { orderId, signupId } = req.payload;
    if ((orderId === undefined) === (signupId === undefined)) throw AppError.badRequest('payment.receiptWhich');
    if (orderId !== undefined) {
      const [o]: OrderRow[] = await this.ds.query(`SELECT ${ORDER_ROW} FROM orders o WHERE o.id = $1`, [orderId]);
      const finance = () => hasAnyPermission(me, [Perm.financeList]) && this.scopes.of(req).then((scope) => inScope(scope, o.groupId));
      if (!o || (o.payerUserId !== me.userId && !(await finance()))) throw AppError.notFound('payment.orderNotFound', { id: orderId });
      return o;
    }
    const [o]: OrderRow[] = await this.ds.query(
      `SELECT ${ORDER_ROW} FROM orders o WHERE o.signup_id = $1 AND o.payer_user_id = $2
       ORDER BY (o.status IN ('paid', 'partlyRefunded')) DESC, o.paid_at DESC NULLS LAST, o.id DESC LIMIT 1`,
      [signupId, me.userId],
    );
    if (!o) throw AppError.notFound('enroll.signupNotFound', { id: signupId! });
    return o;
  }

  /**
   * The order's receipt number, drawn from the sequence the first time. Two first downloads at once: one insert
   * wins, the other does nothing and reads the winner's row (a number drawn and not used leaves a gap, never a
   * repeat).
   */
  private async numberOf(orderId: number): Promise<{ receiptNo: string; issuedAt: Date }> {
    const read = async () =>
      (await this.ds.query(`SELECT receipt_no AS "receiptNo", issued_at AS "issuedAt" FROM receipts WHERE order_id = $1`, [orderId]))[0] as
        | { receiptNo: string; issuedAt: Date }
        | undefined;
    const kept = await read();
    if (kept) return kept;
    await this.ds.query(
      `INSERT INTO receipts (order_id, receipt_no)
       VALUES ($1, 'SJ' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('receipt_no_seq')::text, 10, '0'))
       ON CONFLICT (order_id) DO NOTHING`,
      [orderId],
    );
    return (await read())!;
  }
}
