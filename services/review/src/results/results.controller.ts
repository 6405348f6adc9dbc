import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReviewSubject as S, type AwardRequest, type FinalScoreRequest, type PromotionRequest, type ResultPageQuery, type RpcRequest } from '@cmp/contracts';
import { AwardService } from './award.service';
import { PromotionService } from './promotion.service';
import { ResultsService } from './results.service';

@Controller()
export class ResultsController {
  constructor(
    private readonly results: ResultsService,
    private readonly promotion: PromotionService,
    private readonly awards: AwardService,
  ) {}

  @MessagePattern(S.resultCalculate) calculate(@Payload() r: RpcRequest<FinalScoreRequest>) { return this.results.calculate(r); }
  @MessagePattern(S.resultVersions) versions(@Payload() r: RpcRequest<{ roundId: number }>) { return this.results.versions(r); }
  @MessagePattern(S.resultVersion) version(@Payload() r: RpcRequest<{ id: number }>) { return this.results.detail(r); }
  @MessagePattern(S.resultScores) scores(@Payload() r: RpcRequest<ResultPageQuery>) { return this.results.scores(r); }
  @MessagePattern(S.resultCalibration) calibration(@Payload() r: RpcRequest<{ versionId: number }>) { return this.results.calibration(r); }
  @MessagePattern(S.promotionPreview) promotionPreview(@Payload() r: RpcRequest<PromotionRequest>) { return this.promotion.preview(r); }
  @MessagePattern(S.promotionConfirm) promotionConfirm(@Payload() r: RpcRequest<PromotionRequest>) { return this.promotion.confirm(r); }
  @MessagePattern(S.awardPreview) awardPreview(@Payload() r: RpcRequest<AwardRequest>) { return this.awards.preview(r); }
  @MessagePattern(S.awardConfirm) awardConfirm(@Payload() r: RpcRequest<AwardRequest>) { return this.awards.confirm(r); }
}
