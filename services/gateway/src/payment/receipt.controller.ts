import { Controller, Get, Inject, Query, Res, StreamableFile } from '@nestjs/common';
import { privateFile } from '../files/private-file';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppError, type StorageBackend } from '@cmp/common';
import { PaymentSubject as S, Perm, type FinanceTotals, type ReceiptFile } from '@cmp/contracts';
import { LoggedIn, Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { STORAGE_BACKEND } from '../files/file-storage';
import { ReceiptDto, TotalsDto } from './receipt.dto';

/** 收据: a paid fee's receipt as PDF, for its payer or finance of its organisation (others: not found). */
@ApiTags('payment')
@ApiBearerAuth()
@Controller('payment')
export class ReceiptController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(STORAGE_BACKEND) private readonly files: StorageBackend,
  ) {}

  @Get('receipt')
  @LoggedIn()
  async receipt(@RequestCtx() ctx: Ctx, @Query() q: ReceiptDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const { receiptNo, key } = await this.rpc.call<ReceiptFile>(ctx, S.receipt, q);
    const file = await this.files.get(key);
    if (!file) throw AppError.conflict('payment.receiptFailed');
    return privateFile(reply, file, { contentType: 'application/pdf', name: `${receiptNo}.pdf` });
  }
}

/** Finance's totals per day and per competition (paid count, gross, refunded, net, online and offline). */
@ApiTags('finance')
@ApiBearerAuth()
@Controller('finance/order')
export class FinanceTotalsController {
  constructor(private readonly rpc: RpcService) {}

  @Get('totals')
  @Permissions(Perm.financeList)
  totals(@RequestCtx() ctx: Ctx, @Query() q: TotalsDto): Promise<FinanceTotals> {
    return this.rpc.call(ctx, S.totals, q);
  }
}

export const RECEIPT_CONTROLLERS = [ReceiptController, FinanceTotalsController];
