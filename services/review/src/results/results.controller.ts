import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReviewSubject as S, type FinalScoreRequest, type ResultPageQuery, type RpcRequest } from '@cmp/contracts';
import { ResultsService } from './results.service';

@Controller()
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @MessagePattern(S.resultCalculate) calculate(@Payload() r: RpcRequest<FinalScoreRequest>) { return this.results.calculate(r); }
  @MessagePattern(S.resultVersions) versions(@Payload() r: RpcRequest<{ roundId: number }>) { return this.results.versions(r); }
  @MessagePattern(S.resultVersion) version(@Payload() r: RpcRequest<{ id: number }>) { return this.results.detail(r); }
  @MessagePattern(S.resultScores) scores(@Payload() r: RpcRequest<ResultPageQuery>) { return this.results.scores(r); }
  @MessagePattern(S.resultCalibration) calibration(@Payload() r: RpcRequest<{ versionId: number }>) { return this.results.calibration(r); }
}
