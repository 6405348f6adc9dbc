import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReviewSubject as S, type AppealCreate, type CompetitionScoreRequest, type AppealHandle, type AppealQuery, type PublishRequest, type RewardQuery, type AwardSummaryQuery, type VoteOpenRequest, type AwardRequest, type AwardPresetSave, type FinalScoreRequest, type PromotionRequest, type ResultPageQuery, type RpcRequest } from '@cmp/contracts';
import { AppealService } from './appeal.service';
import { AwardService } from './award.service';
import { AwardPresetsService } from './award-presets.service';
import { PublicationService } from './publication.service';
import { VoteService } from './vote.service';
import { PromotionService } from './promotion.service';
import { ResultsService } from './results.service';

@Controller()
export class ResultsController {
  constructor(
    private readonly results: ResultsService,
    private readonly promotion: PromotionService,
    private readonly awards: AwardService,
    private readonly publication: PublicationService,
    private readonly appeals: AppealService,
    private readonly votes: VoteService,
    private readonly presets: AwardPresetsService,
  ) {}

  @MessagePattern(S.resultCalculate) calculate(@Payload() r: RpcRequest<FinalScoreRequest>) { return this.results.calculate(r); }
  @MessagePattern(S.resultVersions) versions(@Payload() r: RpcRequest<{ roundId: number }>) { return this.results.versions(r); }
  @MessagePattern(S.resultVersion) version(@Payload() r: RpcRequest<{ id: number }>) { return this.results.detail(r); }
  @MessagePattern(S.resultScores) scores(@Payload() r: RpcRequest<ResultPageQuery>) { return this.results.scores(r); }
  @MessagePattern(S.competitionScore) competitionScore(@Payload() r: RpcRequest<CompetitionScoreRequest>) { return this.results.competitionScore(r); }
  @MessagePattern(S.resultCalibration) calibration(@Payload() r: RpcRequest<{ versionId: number }>) { return this.results.calibration(r); }
  @MessagePattern(S.promotionPreview) promotionPreview(@Payload() r: RpcRequest<PromotionRequest>) { return this.promotion.preview(r); }
  @MessagePattern(S.promotionConfirm) promotionConfirm(@Payload() r: RpcRequest<PromotionRequest>) { return this.promotion.confirm(r); }
  @MessagePattern(S.awardPreview) awardPreview(@Payload() r: RpcRequest<AwardRequest>) { return this.awards.preview(r); }
  @MessagePattern(S.awardConfirm) awardConfirm(@Payload() r: RpcRequest<AwardRequest>) { return this.awards.confirm(r); }
  @MessagePattern(S.awardPresetList) presetList(@Payload() r: RpcRequest) { return this.presets.list(r); }
  @MessagePattern(S.awardPresetSave) presetSave(@Payload() r: RpcRequest<AwardPresetSave>) { return this.presets.save(r); }
  @MessagePattern(S.awardPresetDelete) presetDelete(@Payload() r: RpcRequest<{ id: number }>) { return this.presets.remove(r); }
  @MessagePattern(S.resultPublish) publish(@Payload() r: RpcRequest<PublishRequest>) { return this.publication.publish(r); }
  @MessagePattern(S.resultPublishReadiness) publishReadiness(@Payload() r: RpcRequest<{ roundId: number }>) { return this.publication.readiness(r); }
  @MessagePattern(S.publications) publications(@Payload() r: RpcRequest<{ roundId?: number; competitionId?: number }>) { return this.publication.publications(r); }
  @MessagePattern(S.rewardList) rewards(@Payload() r: RpcRequest<RewardQuery>) { return this.publication.rewards(r); }
  @MessagePattern(S.awardSummary) summary(@Payload() r: RpcRequest<AwardSummaryQuery>) { return this.publication.summary(r); }
  @MessagePattern(S.publicRanking) ranking(@Payload() r: RpcRequest<{ competitionId: number }>) { return this.publication.ranking(r); }
  @MessagePattern(S.appealCreate) appealCreate(@Payload() r: RpcRequest<AppealCreate>) { return this.appeals.create(r); }
  @MessagePattern(S.appealMine) appealMine(@Payload() r: RpcRequest) { return this.appeals.mine(r); }
  @MessagePattern(S.appealList) appealList(@Payload() r: RpcRequest<AppealQuery>) { return this.appeals.list(r); }
  @MessagePattern(S.appealHandle) appealHandle(@Payload() r: RpcRequest<AppealHandle>) { return this.appeals.handle(r); }
  @MessagePattern(S.voteOpen) voteOpen(@Payload() r: RpcRequest<VoteOpenRequest>) { return this.votes.open(r); }
  @MessagePattern(S.voteWindows) voteWindows(@Payload() r: RpcRequest<{ competitionId: number }>) { return this.votes.mine(r); }
  @MessagePattern(S.voteCast) voteCast(@Payload() r: RpcRequest<{ windowId: number; workId: number; address: string }>) { return this.votes.cast(r); }
  @MessagePattern(S.voteBoard) voteBoard(@Payload() r: RpcRequest<{ competitionId?: number; workId?: number }>) { return this.votes.board(r); }
  @MessagePattern(S.voteReport) voteReport(@Payload() r: RpcRequest<{ windowId: number }>) { return this.votes.board(r, true); }
}
