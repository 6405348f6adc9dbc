import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReviewSubject as S, type RpcRequest } from '@cmp/contracts';
import { DistributionService, type PairRef } from './distribution.service';

type OfRound = RpcRequest<{ roundId: number }>;
type Id = RpcRequest<{ id: number }>;

@Controller()
export class DistributionController {
  constructor(private readonly d: DistributionService) {}

  @MessagePattern(S.assignLoads) view(@Payload() r: OfRound) { return this.d.view(r); }
  @MessagePattern(S.assignList) works(@Payload() r: RpcRequest<{ roundId: number; pageNum?: number; pageSize?: number; keyword?: string; reviewGroupId?: number; uncovered?: boolean }>) { return this.d.works(r); }
  @MessagePattern(S.assignRun) run(@Payload() r: OfRound) { return this.d.run(r); }
  @MessagePattern(S.assignProgress) progress(@Payload() r: OfRound) { return this.d.progress(r); }
  @MessagePattern(S.assignCancel) cancel(@Payload() r: OfRound) { return this.d.cancel(r); }
  @MessagePattern(S.assignAdd) add(@Payload() r: RpcRequest<PairRef>) { return this.d.add(r); }
  @MessagePattern(S.assignRemove) remove(@Payload() r: Id) { return this.d.remove(r); }
  @MessagePattern(S.assignArbitrate) arbitrate(@Payload() r: RpcRequest<{ roundId: number; workId: number }>) { return this.d.arbitrate(r); }
  @MessagePattern(S.assignSwap) swap(@Payload() r: RpcRequest<{ id: number; expertId: number }>) { return this.d.swap(r); }
  @MessagePattern(S.assignCandidates) candidates(@Payload() r: RpcRequest<{ roundId: number; workId: number }>) { return this.d.candidates(r); }
  @MessagePattern(S.assignLock) lock(@Payload() r: RpcRequest<{ id: number; locked: boolean }>) { return this.d.lock(r); }
  @MessagePattern(S.assignDecline) decline(@Payload() r: RpcRequest<{ id: number; reason: string }>) { return this.d.decline(r); }
}
