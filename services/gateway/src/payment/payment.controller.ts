import { Body, Controller, Get, Header, HttpCode, Inject, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { privateFile } from '../files/private-file';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, attachment, buildWorkbook, XLSX_TYPE } from '@cmp/common';
import { ErrorCode, ORDER_EXPORT_COLUMNS, PaymentSubject as S, Perm, type FinanceSettings, type OfflinePaymentView, type OfflineSignupOption, type OrderDetail, type OrderExport, type OrderPage, type OrderView, type Page, type PayReply, type PayState, type ReconDetail, type ReconRunView, type RefundView } from '@cmp/contracts';
import { LoggedIn, Permissions, Public } from '../http/access.decorators';
import { IdDto } from '../http/id.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { validationPipe } from '../http/validation';
import { readUpload } from '../files/read-upload';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { sniffImageType } from '../files/image-type';
import { contentTypeOfWork, sniffWorkType } from '../files/work-type';
import {
  BillDayDto,
  BillImportQueryDto,
  FinanceSettingsDto,
  FinanceSettingsQueryDto,
  OfflineCreateDto,
  OfflineDecisionDto,
  OfflinePageDto,
  OfflineSignupsDto,
  OrderPageDto,
  PayDto,
  PayQueryDto,
  PayStateDto,
  ReconDetailDto,
  ReconPageDto,
  RefundDecisionDto,
  RefundDto,
  RefundPageDto,
} from './payment.dto';

const BILL_FILE_LIMIT = 20 * 1024 * 1024;
const VOUCHER_LIMIT = 10 * 1024 * 1024;

/** Paying an entry fee with Alipay, and Alipay's notification. */
@ApiTags('payment')
@Controller('alipay/payment')
export class AlipayPaymentController {
  constructor(private readonly rpc: RpcService) {}

  /** Starts (or resumes) paying a sign-up's fee: a cashier address (page, wap) or a QR code (qr). */
  @Post('pay')
  @HttpCode(200)
  @ApiBearerAuth()
  @LoggedIn()
  pay(@RequestCtx() ctx: Ctx, @Body() body: PayDto, @Req() req: FastifyRequest): Promise<PayReply> {
    // The cashier sends the payer back to the site they paid from (the service checks it is the organisation's).
    return this.rpc.call(ctx, S.pay, { ...body, host: req.hostname });
  }

  /** What holds the sign-up's pay button: an offline payment waiting for approval. */
  @Get('state')
  @ApiBearerAuth()
  @LoggedIn()
  state(@RequestCtx() ctx: Ctx, @Query() q: PayStateDto): Promise<PayState> {
    return this.rpc.call(ctx, S.payState, q);
  }

  /** The payer's order; Alipay is asked while it is unpaid (the payer may be back before the notification). */
  @Get('query')
  @ApiBearerAuth()
  @LoggedIn()
  query(@RequestCtx() ctx: Ctx, @Query() q: PayQueryDto): Promise<OrderView | null> {
    return this.rpc.call(ctx, S.query, q);
  }

  /**
   * Alipay's asynchronous notification (form-encoded). The payment service verifies and applies it; the answer is
   * the bare word Alipay reads: "success" after the commit, "failure" otherwise (Alipay then tries again).
   */
  @Post('notify')
  @HttpCode(200)
  @Public()
  @ApiConsumes('application/x-www-form-urlencoded')
  @Header('content-type', 'text/plain; charset=utf-8')
  async notify(@RequestCtx() ctx: Ctx, @Req() req: FastifyRequest): Promise<Buffer> {
    // Alipay posts forms; anything else is not Alipay.
    const form = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const fields = form ? formFields(req.body) : null;
    const answer = fields ? await this.rpc.call<string>(ctx, S.notify, fields).catch(() => 'failure') : 'failure';
    return Buffer.from(answer);
  }
}

const isZip = (data: Buffer) => data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

/** A flat object of strings (what the form parser makes), or null for anything else. */
function formFields(body: unknown): Record<string, string> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const entries = Object.entries(body as Record<string, unknown>);
  if (!entries.every(([, v]) => typeof v === 'string')) return null;
  return Object.fromEntries(entries) as Record<string, string>;
}

/** Finance (财务): orders, refunds and manual actions of the caller's organisations. */
@ApiTags('finance')
@ApiBearerAuth()
@Controller('finance')
export class FinanceController {
  constructor(private readonly rpc: RpcService) {}

  @Get('order/page')
  @Permissions(Perm.financeList)
  page(@RequestCtx() ctx: Ctx, @Query() q: OrderPageDto): Promise<OrderPage> {
    return this.rpc.call(ctx, S.orderPage, q);
  }

  @Get('order/detail')
  @Permissions(Perm.financeList)
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<OrderDetail> {
    return this.rpc.call(ctx, S.orderDetail, q);
  }

  /**
   * The filtered orders as .xlsx, exactly the list's rows (at most 10,000, else refused): money as numbers with a
   * totals row, Beijing time, headers in the caller's language, named after the competition and the date range.
   */
  @Get('order/export')
  @Permissions(Perm.financeList)
  async export(@RequestCtx() ctx: Ctx, @Query() q: OrderPageDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const { fileName, rows } = await this.rpc.call<OrderExport>(ctx, S.orderExport, q);
    const file = await buildWorkbook(ORDER_EXPORT_COLUMNS, ctx.meta.lang, rows, { totals: true });
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(fileName));
    return new StreamableFile(file);
  }

  /** Closes an unpaid order at Alipay and here. */
  @Post('order/close')
  @HttpCode(200)
  @Permissions(Perm.financeEdit)
  close(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<OrderDetail> {
    return this.rpc.call(ctx, S.orderClose, body);
  }

  /** Refunds part or all of a paid order, with a reason; above the organisation's approval amount it waits for a second finance person. */
  @Post('refund/create')
  @HttpCode(200)
  @Permissions(Perm.financeEdit)
  refund(@RequestCtx() ctx: Ctx, @Body() body: RefundDto): Promise<OrderDetail> {
    return this.rpc.call(ctx, S.refundCreate, body);
  }

  /** Approves (then sends) or rejects with a note a refund waiting for approval; never by the person who asked for it. */
  @Post('refund/decide')
  @HttpCode(200)
  @Permissions(Perm.financeEdit)
  decideRefund(@RequestCtx() ctx: Ctx, @Body() body: RefundDecisionDto): Promise<OrderDetail> {
    return this.rpc.call(ctx, S.refundDecide, body);
  }

  /** 财务设置 of the caller's organisation (or one it manages): the refund approval amount. */
  @Get('settings')
  @Permissions(Perm.financeList)
  settings(@RequestCtx() ctx: Ctx, @Query() q: FinanceSettingsQueryDto): Promise<FinanceSettings> {
    return this.rpc.call(ctx, S.settingsGet, q);
  }

  @Post('settings')
  @HttpCode(200)
  @Permissions(Perm.financeEdit)
  saveSettings(@RequestCtx() ctx: Ctx, @Body() body: FinanceSettingsDto): Promise<FinanceSettings> {
    return this.rpc.call(ctx, S.settingsSave, body);
  }

  @Get('refund/page')
  @Permissions(Perm.financeList)
  refunds(@RequestCtx() ctx: Ctx, @Query() q: RefundPageDto): Promise<Page<RefundView>> {
    return this.rpc.call(ctx, S.refundPage, q);
  }
}

/** 对账: Alipay's daily bill against the books. */
@ApiTags('finance')
@ApiBearerAuth()
@Controller('finance/reconcile')
export class ReconcileController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /**
   * An uploaded bill (the merchant platform's zip or CSV, GBK or UTF-8), reconciled at once: stored for the payment
   * service, which reads and parses it, and removed once it answers (the run keeps what the bill said).
   */
  @Post('import')
  @HttpCode(200)
  @Permissions(Perm.financeEdit)
  @ApiConsumes('multipart/form-data')
  async import(@RequestCtx() ctx: Ctx, @Req() req: FastifyRequest, @Query() q: BillImportQueryDto): Promise<ReconDetail> {
    const { data, filename } = await readUpload(req, BILL_FILE_LIMIT);
    const billKey = await this.storage.save('bills', data, isZip(data) ? 'zip' : 'csv');
    try {
      return await this.rpc.call(ctx, S.reconcileImport, { billKey, fileName: filename.slice(0, 200), billDay: q.billDay });
    } finally {
      await this.storage.remove('bills', billKey);
    }
  }

  /** Downloads a day's bill from Alipay (bill download call) and reconciles it. */
  @Post('fetch')
  @HttpCode(200)
  @Permissions(Perm.financeEdit)
  fetch(@RequestCtx() ctx: Ctx, @Body() body: BillDayDto): Promise<ReconDetail> {
    return this.rpc.call(ctx, S.reconcileFetch, body);
  }

  @Get('page')
  @Permissions(Perm.financeList)
  page(@RequestCtx() ctx: Ctx, @Query() q: ReconPageDto): Promise<Page<ReconRunView>> {
    return this.rpc.call(ctx, S.reconcilePage, q);
  }

  @Get('detail')
  @Permissions(Perm.financeList)
  detail(@RequestCtx() ctx: Ctx, @Query() q: ReconDetailDto): Promise<ReconDetail> {
    return this.rpc.call(ctx, S.reconcileDetail, q);
  }

  /** Applies a payment only Alipay has (after asking Alipay), as its notification would have been applied. */
  @Post('apply')
  @HttpCode(200)
  @Permissions(Perm.financeEdit)
  apply(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<ReconDetail> {
    return this.rpc.call(ctx, S.reconcileApply, body);
  }
}

/** 线下缴费: a fee paid outside Alipay, recorded with its voucher by one finance account and approved by another. */
@ApiTags('finance')
@ApiBearerAuth()
@Controller('finance/offline')
export class OfflinePaymentController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /**
   * A multipart form: the fields of OfflineCreateDto (the bank's flow number travels here, never in the address),
   * then the voucher (field `file`: a PNG or JPEG photo or a PDF, judged by its bytes, at most 10 MB), kept private.
   */
  @Post('create')
  @HttpCode(200)
  @Permissions(Perm.financeEdit)
  @ApiConsumes('multipart/form-data')
  async create(@RequestCtx() ctx: Ctx, @Req() req: FastifyRequest): Promise<OfflinePaymentView> {
    const { data, fields } = await readUpload(req, VOUCHER_LIMIT);
    const q = (await validationPipe.transform(fields, { type: 'body', metatype: OfflineCreateDto })) as OfflineCreateDto;
    const image = sniffImageType(data);
    const ext = image && ['png', 'jpg'].includes(image.ext) ? image.ext : sniffWorkType(data)?.types[0] === 'pdf' ? 'pdf' : null;
    if (!ext) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, 'payment.voucherType');
    // The service judges the record before anything is stored: a refusal leaves no file, even if this process dies.
    await this.rpc.call(ctx, S.offlineCheck, q);
    const voucherKey = await this.storage.save('vouchers', data, ext, contentTypeOfWork(ext));
    try {
      return await this.rpc.call(ctx, S.offlineCreate, { ...q, voucherKey });
    } catch (e) {
      // Refused after all (another record won the race for the sign-up): the voucher goes too.
      await this.storage.remove('vouchers', voucherKey);
      throw e;
    }
  }

  /** Sign-ups that owe their fee, by payer name, account or sign-up number, for the record form (whose each is). */
  @Get('signups')
  @Permissions(Perm.financeEdit)
  signups(@RequestCtx() ctx: Ctx, @Query() q: OfflineSignupsDto): Promise<OfflineSignupOption[]> {
    return this.rpc.call(ctx, S.offlineSignups, q);
  }

  @Get('page')
  @Permissions(Perm.financeList)
  page(@RequestCtx() ctx: Ctx, @Query() q: OfflinePageDto): Promise<Page<OfflinePaymentView>> {
    return this.rpc.call(ctx, S.offlinePage, q);
  }

  /** Approves (a paid order of channel offline) or rejects with a note; never by the account that recorded it. */
  @Post('decide')
  @HttpCode(200)
  @Permissions(Perm.financeEdit)
  decide(@RequestCtx() ctx: Ctx, @Body() body: OfflineDecisionDto): Promise<OfflinePaymentView> {
    return this.rpc.call(ctx, S.offlineDecide, body);
  }

  /** The voucher, for finance of the record's organisation only. */
  @Get('voucher')
  @Permissions(Perm.financeList)
  async voucher(@RequestCtx() ctx: Ctx, @Query() q: IdDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const { voucherKey } = await this.rpc.call<{ voucherKey: string }>(ctx, S.offlineVoucher, q);
    const file = await this.storage.open('vouchers', voucherKey);
    if (!file) throw AppError.notFound('payment.offlineNotFound', { id: q.id });
    const ext = voucherKey.split('.').pop()!;
    return privateFile(reply, file, { contentType: contentTypeOfWork(ext), name: `voucher-${q.id}.${ext}`, inline: true });
  }
}

export const PAYMENT_CONTROLLERS = [AlipayPaymentController, FinanceController, ReconcileController, OfflinePaymentController];
