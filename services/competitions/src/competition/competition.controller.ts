import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CompetitionsSubject as S,
  type CompetitionInput,
  type CompetitionItemInput,
  type CompetitionPageQuery,
  type EnrollSetting,
  type PublicCompetitionQuery,
  type ReviewSetting,
  type RpcRequest,
  type StageInput,
  type WorkSubmitSetting,
} from '@cmp/contracts';
import { CompetitionService } from './competition.service';
import { PublicCompetitionService } from './public.service';

type Id = RpcRequest<{ id: number }>;
type OfCompetition = RpcRequest<{ competitionId: number }>;

@Controller()
export class CompetitionController {
  constructor(
    private readonly competitions: CompetitionService,
    private readonly site: PublicCompetitionService,
  ) {}

  @MessagePattern(S.competitionPage) page(@Payload() r: RpcRequest<CompetitionPageQuery>) { return this.competitions.page(r); }
  @MessagePattern(S.competitionDetail) detail(@Payload() r: Id) { return this.competitions.detail(r); }
  @MessagePattern(S.competitionAdd) add(@Payload() r: RpcRequest<CompetitionInput>) { return this.competitions.add(r); }
  @MessagePattern(S.competitionUpdate) update(@Payload() r: RpcRequest<CompetitionInput & { id: number }>) { return this.competitions.update(r); }
  @MessagePattern(S.competitionCopy) copy(@Payload() r: Id) { return this.competitions.copy(r); }
  @MessagePattern(S.competitionPublish) publish(@Payload() r: Id) { return this.competitions.publish(r); }
  @MessagePattern(S.competitionArchive) archive(@Payload() r: Id) { return this.competitions.archive(r); }
  @MessagePattern(S.competitionDelete) remove(@Payload() r: Id) { return this.competitions.remove(r); }
  @MessagePattern(S.competitionOptions) options(@Payload() r: RpcRequest) { return this.competitions.options(r); }
  @MessagePattern(S.competitionNames) names(@Payload() r: RpcRequest<{ ids: number[] }>) { return this.competitions.names(r); }
  @MessagePattern(S.itemOptions) itemOptions(@Payload() r: OfCompetition) { return this.competitions.itemOptions(r); }
  @MessagePattern(S.itemSave) saveItem(@Payload() r: RpcRequest<CompetitionItemInput & { competitionId: number }>) { return this.competitions.saveItem(r); }
  @MessagePattern(S.itemDelete) deleteItem(@Payload() r: RpcRequest<{ competitionId: number; id: number }>) { return this.competitions.deleteItem(r); }
  @MessagePattern(S.stageList) stageList(@Payload() r: OfCompetition) { return this.competitions.stageList(r); }
  @MessagePattern(S.stageDetail) stageDetail(@Payload() r: Id) { return this.competitions.stageDetail(r); }
  @MessagePattern(S.stageSave) saveStage(@Payload() r: RpcRequest<StageInput & { competitionId: number }>) { return this.competitions.saveStage(r); }
  @MessagePattern(S.stageDelete) deleteStage(@Payload() r: RpcRequest<{ competitionId: number; id: number }>) { return this.competitions.deleteStage(r); }
  @MessagePattern(S.enrollSettingSave) saveEnroll(@Payload() r: RpcRequest<EnrollSetting>) { return this.competitions.saveEnroll(r); }
  @MessagePattern(S.workSubmitSettingSave) saveWorkSubmit(@Payload() r: RpcRequest<WorkSubmitSetting>) { return this.competitions.saveWorkSubmit(r); }
  @MessagePattern(S.reviewSettingSave) saveReview(@Payload() r: RpcRequest<ReviewSetting>) { return this.competitions.saveReview(r); }
  @MessagePattern(S.schedule) schedule(@Payload() r: OfCompetition) { return this.site.schedule(r); }
  @MessagePattern(S.publicPage) publicPage(@Payload() r: RpcRequest<PublicCompetitionQuery>) { return this.site.page(r); }
  @MessagePattern(S.publicDetail) publicDetail(@Payload() r: Id) { return this.site.detail(r); }
  @MessagePattern(S.publicLastRound) lastRound(@Payload() r: RpcRequest<{ groupId?: number; host?: string }>) { return this.site.lastRound(r); }
  @MessagePattern(S.publicGroups) groups(@Payload() r: RpcRequest<{ groupId?: number }>) { return this.site.groupsOrCompetitions(r); }
  @MessagePattern(S.publicStages) stages(@Payload() r: OfCompetition) { return this.site.stages(r); }
}
