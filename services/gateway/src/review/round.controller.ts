import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Perm, ReviewSubject as S, type Page, type Round, type RoundWorkSource } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { IdDto } from '../http/id.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { CompetitionIdDto, RoundPageDto, RoundSaveDto, RoundWorksSyncDto } from './review.dto';

/** Review rounds (评审轮次) of the caller's organisation; the review service owns them. */
@ApiTags('review: rounds')
@ApiBearerAuth()
@Controller('review/round')
export class ReviewRoundController {
  constructor(private readonly rpc: RpcService) {}

  @Get('page')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  page(@RequestCtx() ctx: Ctx, @Query() q: RoundPageDto): Promise<Page<Round>> {
    return this.rpc.call(ctx, S.roundPage, q);
  }

  /** A competition's rounds; the first call imports the competition's old review settings once. */
  @Get('list')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  list(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdDto): Promise<Round[]> {
    return this.rpc.call(ctx, S.roundList, q);
  }

  @Get('detail')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<Round> {
    return this.rpc.call(ctx, S.roundDetail, q);
  }

  @Post('save')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  save(@RequestCtx() ctx: Ctx, @Body() body: RoundSaveDto): Promise<Round> {
    return this.rpc.call(ctx, S.roundSave, body);
  }

  @Post('delete')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  remove(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<void> {
    return this.rpc.call(ctx, S.roundDelete, body);
  }

  @Post('open')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  open(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<Round> {
    return this.rpc.call(ctx, S.roundOpen, body);
  }

  @Post('close')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  close(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<Round> {
    return this.rpc.call(ctx, S.roundClose, body);
  }

  /** Loads the submitted works of the round's events, or the works the round before promoted once it confirmed its promotion. */
  @Post('works/sync')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  syncWorks(@RequestCtx() ctx: Ctx, @Body() body: RoundWorksSyncDto): Promise<Round> {
    return this.rpc.call(ctx, S.roundWorksSync, body);
  }

  /** Where the round's works would come from: the round before it and whether its promotion is confirmed. */
  @Get('works/source')
  @Permissions(Perm.reviewEdit)
  workSource(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<RoundWorkSource> {
    return this.rpc.call(ctx, S.roundWorkSource, q);
  }
}
