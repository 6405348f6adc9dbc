import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StatisticsSubject as S, type CompetitionFiguresQuery, type FigureSignupQuery, type RpcRequest } from '@cmp/contracts';
import { FiguresService } from './figures.service';

@Controller()
export class FiguresController {
  constructor(private readonly figures: FiguresService) {}

  @MessagePattern(S.competition) competition(@Payload() r: RpcRequest<CompetitionFiguresQuery>) { return this.figures.competition(r); }
  @MessagePattern(S.signupRows) signupRows(@Payload() r: RpcRequest<FigureSignupQuery>) { return this.figures.signupRows(r); }
  @MessagePattern(S.organisation) organisation(@Payload() r: RpcRequest) { return this.figures.organisation(r); }
  @MessagePattern(S.summaries) summaries(@Payload() r: RpcRequest<{ ids: number[] }>) { return this.figures.summaries(r); }
}
