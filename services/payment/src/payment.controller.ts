import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentSubject as S, type OfflineCreateRequest, type OfflineDecision, type OrderPageQuery, type PageQuery, type PayRequest, type ReconcileRows, type ReconKind, type RefundRequest, type RpcRequest } from '@cmp/contracts';
import { accepted, NotifyService } from './notify/notify.service';
import { FinanceService } from './order/finance.service';
import { OfflineService } from './order/offline.service';
import { OrderService } from './order/order.service';
import { ReconcileService } from './reconcile/reconcile.service';

type Id = RpcRequest<{ id: number }>;

/** The payer's calls, Alipay's notification, then finance's. */
@Controller()
export class PaymentController {
  constructor(
    private readonly orders: OrderService,
    private readonly notify: NotifyService,
    private readonly finance: FinanceService,
    private readonly reconcile: ReconcileService,
    private readonly offline: OfflineService,
  ) {}

  @MessagePattern(S.pay) pay(@Payload() r: RpcRequest<PayRequest>) { return this.orders.pay(r); }
  @MessagePattern(S.query) query(@Payload() r: RpcRequest<{ orderNo?: string; signupId?: number }>) { return this.orders.query(r); }

  /** Answers what Alipay must read: "success" once applied and committed, "failure" to have it try again. */
  @MessagePattern(S.notify)
  async receive(@Payload() r: RpcRequest<Record<string, string>>): Promise<'success' | 'failure'> {
    return accepted(await this.notify.receive(r.payload ?? {}, 'notify')) ? 'success' : 'failure';
  }

  @MessagePattern(S.orderPage) page(@Payload() r: RpcRequest<OrderPageQuery>) { return this.finance.page(r); }
  @MessagePattern(S.orderDetail) detail(@Payload() r: Id) { return this.finance.detail(r); }
  @MessagePattern(S.orderClose) close(@Payload() r: Id) { return this.finance.close(r); }
  @MessagePattern(S.orderExport) exportRows(@Payload() r: RpcRequest<OrderPageQuery>) { return this.finance.exportRows(r); }
  @MessagePattern(S.refundCreate) refund(@Payload() r: RpcRequest<RefundRequest>) { return this.finance.refund(r); }
  @MessagePattern(S.offlineCreate) offlineCreate(@Payload() r: RpcRequest<OfflineCreateRequest>) { return this.offline.create(r); }
  @MessagePattern(S.offlinePage) offlinePage(@Payload() r: RpcRequest<PageQuery & { keyword?: string; status?: string }>) { return this.offline.page(r); }
  @MessagePattern(S.offlineDecide) offlineDecide(@Payload() r: RpcRequest<OfflineDecision>) { return this.offline.decide(r); }
  @MessagePattern(S.offlineVoucher) offlineVoucher(@Payload() r: Id) { return this.offline.voucher(r); }
  @MessagePattern(S.reconcileRows) reconcileRows(@Payload() r: RpcRequest<ReconcileRows>) { return this.reconcile.fromRows(r); }
  @MessagePattern(S.reconcileFetch) reconcileFetch(@Payload() r: RpcRequest<{ billDay: string }>) { return this.reconcile.fetch(r); }
  @MessagePattern(S.reconcilePage) reconcilePage(@Payload() r: RpcRequest<PageQuery>) { return this.reconcile.page(r); }
  @MessagePattern(S.reconcileDetail) reconcileDetail(@Payload() r: RpcRequest<{ id: number; kind?: ReconKind }>) { return this.reconcile.detail(r); }
  @MessagePattern(S.reconcileApply) reconcileApply(@Payload() r: Id) { return this.reconcile.apply(r); }
  @MessagePattern(S.refundPage) refunds(@Payload() r: RpcRequest<PageQuery & { keyword?: string; status?: string }>) { return this.finance.refundPage(r); }
}
