import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentSubject as S, type OrderPageQuery, type PayRequest, type RpcRequest } from '@cmp/contracts';
import { FinanceService } from './finance.service';
import { OrderService } from './order.service';

type Id = RpcRequest<{ id: number }>;

/** The payer's calls, then finance's. */
@Controller()
export class OrderController {
  constructor(
    private readonly orders: OrderService,
    private readonly finance: FinanceService,
  ) {}

  @MessagePattern(S.pay) pay(@Payload() r: RpcRequest<PayRequest>) { return this.orders.pay(r); }
  @MessagePattern(S.payState) state(@Payload() r: RpcRequest<{ signupId: number }>) { return this.orders.state(r); }
  @MessagePattern(S.query) query(@Payload() r: RpcRequest<{ orderNo?: string; signupId?: number }>) { return this.orders.query(r); }
  @MessagePattern(S.orderPage) page(@Payload() r: RpcRequest<OrderPageQuery>) { return this.finance.page(r); }
  @MessagePattern(S.orderDetail) detail(@Payload() r: Id) { return this.finance.detail(r); }
  @MessagePattern(S.orderClose) close(@Payload() r: Id) { return this.finance.close(r); }
  @MessagePattern(S.orderExport) exportRows(@Payload() r: RpcRequest<OrderPageQuery>) { return this.finance.exportRows(r); }
}
