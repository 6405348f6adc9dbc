import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReviewSubject as S, type FactPageQuery, type RoundInput, type RoundPageQuery, type RoundWorksSyncInput, type RpcRequest } from '@cmp/contracts';
import { RoundService } from './round.service';

type Id = RpcRequest<{ id: number }>;

@Controller()
export class RoundController {
  constructor(private readonly rounds: RoundService) {}

  @MessagePattern(S.roundPage) page(@Payload() r: RpcRequest<RoundPageQuery>) { return this.rounds.page(r); }
  @MessagePattern(S.competitionProgress) progress(@Payload() r: RpcRequest<{ ids: number[] }>) { return this.rounds.competitionProgress(r); }
  @MessagePattern(S.assignmentFacts) facts(@Payload() r: RpcRequest<FactPageQuery>) { return this.rounds.facts('assignment_facts', r.payload); }
  @MessagePattern(S.roundWorkFacts) workFacts(@Payload() r: RpcRequest<FactPageQuery>) { return this.rounds.facts('round_work_facts', r.payload); }
  @MessagePattern(S.roundScoreFacts) scoreFacts(@Payload() r: RpcRequest<FactPageQuery>) { return this.rounds.facts('round_score_facts', r.payload); }
  @MessagePattern(S.roundList) list(@Payload() r: RpcRequest<{ competitionId: number }>) { return this.rounds.list(r); }
  @MessagePattern(S.roundDetail) detail(@Payload() r: Id) { return this.rounds.detail(r); }
  @MessagePattern(S.roundSave) save(@Payload() r: RpcRequest<RoundInput & { id?: number }>) { return this.rounds.save(r); }
  @MessagePattern(S.roundDelete) remove(@Payload() r: Id) { return this.rounds.remove(r); }
  @MessagePattern(S.roundOpen) open(@Payload() r: Id) { return this.rounds.setStatus(r, 'open'); }
  @MessagePattern(S.roundClose) close(@Payload() r: Id) { return this.rounds.setStatus(r, 'closed'); }
  @MessagePattern(S.roundWorksSync) sync(@Payload() r: RpcRequest<RoundWorksSyncInput>) { return this.rounds.syncWorks(r); }
  @MessagePattern(S.roundWorkSource) workSource(@Payload() r: Id) { return this.rounds.workSource(r); }
}
