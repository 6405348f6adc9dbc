import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentSubject as S, type OfflineCheckRequest, type OfflineCreateRequest, type OfflineDecision, type PageQuery, type RpcRequest } from '@cmp/contracts';
import { OfflineService } from './offline.service';

@Controller()
export class OfflineController {
  constructor(private readonly offline: OfflineService) {}

  @MessagePattern(S.offlineCreate) create(@Payload() r: RpcRequest<OfflineCreateRequest>) { return this.offline.create(r); }
  @MessagePattern(S.offlineCheck) check(@Payload() r: RpcRequest<OfflineCheckRequest>) { return this.offline.check(r); }
  @MessagePattern(S.offlinePage) page(@Payload() r: RpcRequest<PageQuery & { keyword?: string; status?: string }>) { return this.offline.page(r); }
  @MessagePattern(S.offlineSignups) signups(@Payload() r: RpcRequest<{ keyword: string }>) { return this.offline.signups(r); }
  @MessagePattern(S.offlineDecide) decide(@Payload() r: RpcRequest<OfflineDecision>) { return this.offline.decide(r); }
  @MessagePattern(S.offlineVoucher) voucher(@Payload() r: RpcRequest<{ id: number }>) { return this.offline.voucher(r); }
}
