import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentSubject as S, type FactPageQuery, type ReceiptQuery, type RpcRequest, type TotalsQuery } from '@cmp/contracts';
import { ReceiptService } from './receipt.service';
import { TotalsService } from './totals.service';

/** Receipts of paid fees (the payer, finance), finance's totals per day and competition, and paid orders' facts for the statistics. */
@Controller()
export class ReceiptController {
  constructor(
    private readonly receipts: ReceiptService,
    private readonly totalsService: TotalsService,
  ) {}

  @MessagePattern(S.receipt) receipt(@Payload() r: RpcRequest<ReceiptQuery>) { return this.receipts.file(r); }
  @MessagePattern(S.totals) totals(@Payload() r: RpcRequest<TotalsQuery>) { return this.totalsService.totals(r); }
  @MessagePattern(S.orderFacts) facts(@Payload() r: RpcRequest<FactPageQuery>) { return this.totalsService.facts(r.payload); }
}
