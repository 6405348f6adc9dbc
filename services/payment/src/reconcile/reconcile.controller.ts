import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentSubject as S, type ReconcileImport, type ReconKind, type ReconPageQuery, type RpcRequest } from '@cmp/contracts';
import { ReconcileService } from './reconcile.service';

@Controller()
export class ReconcileController {
  constructor(private readonly reconcile: ReconcileService) {}

  @MessagePattern(S.reconcileImport) importBill(@Payload() r: RpcRequest<ReconcileImport>) { return this.reconcile.importBill(r); }
  @MessagePattern(S.reconcileFetch) fetch(@Payload() r: RpcRequest<{ billDay: string }>) { return this.reconcile.fetch(r); }
  @MessagePattern(S.reconcilePage) page(@Payload() r: RpcRequest<ReconPageQuery>) { return this.reconcile.page(r); }
  @MessagePattern(S.reconcileDetail) detail(@Payload() r: RpcRequest<{ id: number; kind?: ReconKind }>) { return this.reconcile.detail(r); }
  @MessagePattern(S.reconcileApply) apply(@Payload() r: RpcRequest<{ id: number }>) { return this.reconcile.apply(r); }
}
