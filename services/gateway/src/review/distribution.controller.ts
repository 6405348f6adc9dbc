import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Perm, ReviewSubject as S, type AssignmentRunView, type DeclineReply, type DistributionView, type ExpertCandidate, type Page, type RoundWorkView } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { IdDto } from '../http/id.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { ArbitrateDto, AssignmentWorksDto, CandidatesDto, DeclineDto, LockDto, PairDto, RoundIdDto, SwapDto } from './review.dto';

/** Assignment of a round's works to experts (评审分配): the automatic run and manual changes. */
@ApiTags('review: assignment')
@ApiBearerAuth()
@Controller('review/distribution')
export class ReviewDistributionController {
  constructor(private readonly rpc: RpcService) {}

  @Get('view')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  view(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<DistributionView> {
    return this.rpc.call(ctx, S.assignLoads, q);
  }

  @Get('works')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  works(@RequestCtx() ctx: Ctx, @Query() q: AssignmentWorksDto): Promise<Page<RoundWorkView>> {
    return this.rpc.call(ctx, S.assignList, q);
  }

  /** Starts the automatic assignment in the background; poll `progress`. */
  @Post('run')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  run(@RequestCtx() ctx: Ctx, @Body() body: RoundIdDto): Promise<AssignmentRunView> {
    return this.rpc.call(ctx, S.assignRun, body);
  }

  @Get('progress')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  progress(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<AssignmentRunView | null> {
    return this.rpc.call(ctx, S.assignProgress, q);
  }

  @Post('cancel')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  cancel(@RequestCtx() ctx: Ctx, @Body() body: RoundIdDto): Promise<AssignmentRunView | null> {
    return this.rpc.call(ctx, S.assignCancel, body);
  }

  @Post('add')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  add(@RequestCtx() ctx: Ctx, @Body() body: PairDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, S.assignAdd, body);
  }

  @Post('remove')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  remove(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<void> {
    return this.rpc.call(ctx, S.assignRemove, body);
  }

  /** One more expert for a disputed work (仲裁), drawn by the assignment's rules; answers who. */
  @Post('arbitrate')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  arbitrate(@RequestCtx() ctx: Ctx, @Body() body: ArbitrateDto): Promise<{ id: number; expertId: number; name: string }> {
    return this.rpc.call(ctx, S.assignArbitrate, body);
  }

  /** The experts the add and swap picker offers for a work, and why the others may not take it. */
  @Get('candidates')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  candidates(@RequestCtx() ctx: Ctx, @Query() q: CandidatesDto): Promise<ExpertCandidate[]> {
    return this.rpc.call(ctx, S.assignCandidates, q);
  }

  @Post('swap')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  swap(@RequestCtx() ctx: Ctx, @Body() body: SwapDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, S.assignSwap, body);
  }

  @Post('lock')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  lock(@RequestCtx() ctx: Ctx, @Body() body: LockDto): Promise<void> {
    return this.rpc.call(ctx, S.assignLock, body);
  }

  /** An expert's work taken back (they declined it) and given to the best remaining expert. */
  @Post('decline')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  decline(@RequestCtx() ctx: Ctx, @Body() body: DeclineDto): Promise<DeclineReply> {
    return this.rpc.call(ctx, S.assignDecline, body);
  }
}
