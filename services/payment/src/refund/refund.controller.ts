import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentSubject as S, type PageQuery, type RefundDecision, type RefundRequest, type RpcRequest } from '@cmp/contracts';
import { FinanceRefundService } from './finance-refund.service';

@Controller()
export class RefundController {
  constructor(private readonly refunds: FinanceRefundService) {}

  @MessagePattern(S.refundCreate) create(@Payload() r: RpcRequest<RefundRequest>) { return this.refunds.create(r); }
  @MessagePattern(S.refundDecide) decide(@Payload() r: RpcRequest<RefundDecision>) { return this.refunds.decide(r); }
  @MessagePattern(S.refundPage) page(@Payload() r: RpcRequest<PageQuery & { keyword?: string; status?: string }>) { return this.refunds.page(r); }
}
