import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { attachment, buildWorkbook, XLSX_TYPE, type Redis } from '@cmp/common';
import {
  CompetitionsSubject,
  EnrollmentSubject,
  localName,
  Perm,
  REWARD_EXPORT_COLUMNS,
  ReviewSubject as S,
  type Appeal,
  type MyAward,
  type Option,
  type Page,
  type PublicRankingRound,
  type Publication,
  type PublishReadiness,
  type AwardSummaryRow,
  type RewardRow,
  type VoteBoard,
  type VoteCastReply,
  type VoteWindow,
} from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { limitPerAddress } from '../http/address-limit';
import { LoggedIn, Permissions, Public } from '../http/access.decorators';
import { CompetitionIdQueryDto } from '../http/id.dto';
import { PageDto } from '../http/page.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { REDIS } from '../redis.provider';
import {
  AppealCreateDto,
  AppealHandleDto,
  AwardSummaryDto,
  AppealPageDto,
  PublishDto,
  RoundIdDto,
  RewardPageDto,
  VoteBoardDto,
  VoteCastDto,
  VoteOpenDto,
  WindowIdDto,
} from './review.dto';

/** Rows of one export at most (the list's filters narrow a bigger one). */
const EXPORT_ROWS = 10_000;

/** Publishing a round's results, appeals and voting, for organisers (评审结果). */
@ApiTags('review: publication')
@ApiBearerAuth()
@Controller('review/comment/result')
export class ReviewPublicationController {
  constructor(private readonly rpc: RpcService) {}

  /** Publishes the round's confirmed awards once (participants, the public ranking and certificates get them). */
  @Post('publish')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  publish(@RequestCtx() ctx: Ctx, @Body() body: PublishDto): Promise<Publication> {
    return this.rpc.call(ctx, S.resultPublish, body);
  }

  /** What is unfinished before the round's results go out (open round, unconfirmed groups, unscored sheets). */
  @Get('publish/readiness')
  @Permissions(Perm.reviewEdit)
  publishReadiness(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<PublishReadiness> {
    return this.rpc.call(ctx, S.resultPublishReadiness, q);
  }

  @Get('publications')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  publications(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto): Promise<Publication[]> {
    return this.rpc.call(ctx, S.publications, q);
  }

  @Get('appeal/page')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  appeals(@RequestCtx() ctx: Ctx, @Query() q: AppealPageDto): Promise<Page<Appeal>> {
    return this.rpc.call(ctx, S.appealList, q);
  }

  /** Rejects an appeal with a reply, or sends the work back to its experts (re-review). */
  @Post('appeal/handle')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  handle(@RequestCtx() ctx: Ctx, @Body() body: AppealHandleDto): Promise<Appeal> {
    return this.rpc.call(ctx, S.appealHandle, body);
  }

  /** Opens (or changes) public voting on the round's works. */
  @Post('vote/open')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  voteOpen(@RequestCtx() ctx: Ctx, @Body() body: VoteOpenDto): Promise<VoteWindow> {
    return this.rpc.call(ctx, S.voteOpen, body);
  }

  @Get('vote/list')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  voteWindows(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto): Promise<VoteWindow[]> {
    return this.rpc.call(ctx, S.voteWindows, q);
  }

  /** Votes per work, with the votes of accounts made after voting opened counted apart. */
  @Get('vote/report')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  voteReport(@RequestCtx() ctx: Ctx, @Query() q: WindowIdDto): Promise<VoteBoard> {
    return this.rpc.call(ctx, S.voteReport, q);
  }
}

/** 获奖明细: the published winners of the caller's organisations. */
@ApiTags('review: publication')
@ApiBearerAuth()
@Controller('competitionReward')
export class RewardController {
  constructor(private readonly rpc: RpcService) {}

  /** 获奖列表: each published round's awards per event, with each level's count. */
  @Get('list')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  async summary(@RequestCtx() ctx: Ctx, @Query() q: AwardSummaryDto): Promise<Page<AwardSummaryRow>> {
    return this.named(ctx, await this.rpc.call<Page<AwardSummaryRow>>(ctx, S.awardSummary, q));
  }

  @Get('detailedList')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  async list(@RequestCtx() ctx: Ctx, @Query() q: RewardPageDto): Promise<Page<RewardRow>> {
    return this.named(ctx, await this.rpc.call<Page<RewardRow>>(ctx, S.rewardList, q));
  }

  /** The filtered winners as .xlsx, the list's columns with the competition, headers in the caller's language. */
  @Get('detailedList/export')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  async export(@RequestCtx() ctx: Ctx, @Query() q: RewardPageDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const page = await this.named(ctx, await this.rpc.call<Page<RewardRow>>(ctx, S.rewardList, { ...q, pageNum: 1, pageSize: EXPORT_ROWS, all: true }));
    const sep = ctx.meta.lang === 'en' ? ', ' : '、';
    const rows = page.list.map((r) => ({
      competitionName: r.competitionName,
      roundName: r.roundName,
      eventName: r.eventName,
      rank: r.rank,
      level: localName(r.level, r.levelEn, ctx.meta.lang),
      title: r.title,
      members: r.memberNames.join(sep),
      advisers: r.adviserNames.join(sep),
      schools: r.schoolNames.join(sep),
      score: r.score,
      publishedAt: r.publishedAt,
    }));
    const file = await buildWorkbook(REWARD_EXPORT_COLUMNS, ctx.meta.lang, rows);
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(ctx.meta.lang === 'en' ? 'winners.xlsx' : '获奖明细.xlsx'));
    return new StreamableFile(file);
  }

  /** Each row with its competition's name in the caller's language: the list spans competitions unless filtered. */
  private async named<T extends { competitionId: number; competitionName?: string }>(ctx: Ctx, page: Page<T>): Promise<Page<T>> {
    const ids = [...new Set(page.list.map((r) => r.competitionId))];
    if (!ids.length) return page;
    const names = new Map((await this.rpc.call<Option[]>(ctx, CompetitionsSubject.competitionNames, { ids })).map((o) => [o.value, o.label]));
    return { ...page, list: page.list.map((r) => ({ ...r, competitionName: names.get(r.competitionId) ?? '' })) };
  }
}

/** A participant's awards and appeals (personal centre, 我的获奖). */
@ApiTags('centre')
@ApiBearerAuth()
@Controller('center/reward')
@LoggedIn()
export class MyRewardController {
  constructor(private readonly rpc: RpcService) {}

  @Get('list')
  list(@RequestCtx() ctx: Ctx, @Query() q: PageDto): Promise<Page<MyAward>> {
    return this.rpc.call(ctx, EnrollmentSubject.myAwards, q);
  }

  @Get('appeals')
  appeals(@RequestCtx() ctx: Ctx): Promise<Appeal[]> {
    return this.rpc.call(ctx, S.appealMine, {});
  }

  /** Appeals a published result once per work, within the window. */
  @Post('appeal')
  @HttpCode(200)
  appeal(@RequestCtx() ctx: Ctx, @Body() body: AppealCreateDto): Promise<Appeal> {
    return this.rpc.call(ctx, S.appealCreate, body);
  }
}

/** What the public site shows of results: the ranking tab and the votes. */
@ApiTags('public competition')
@Controller()
export class PublicResultsController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('home/competition/ranking')
  @Public()
  ranking(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto): Promise<PublicRankingRound[]> {
    return this.rpc.call(ctx, S.publicRanking, q);
  }

  /** The competition's current vote: its works by votes (or one work's row). */
  @Get('home/vote/board')
  @Public()
  board(@RequestCtx() ctx: Ctx, @Query() q: VoteBoardDto): Promise<VoteBoard> {
    return this.rpc.call(ctx, S.voteBoard, q);
  }

  /** One vote of the logged-in account; limited per address (shared in Redis). */
  @Post('web/vote/cast')
  @HttpCode(200)
  @LoggedIn()
  async cast(@RequestCtx() ctx: Ctx, @Body() body: VoteCastDto): Promise<VoteCastReply> {
    await limitPerAddress(this.redis, 'vote', ctx.meta.ip, this.config.voteLimitPerMinute);
    return this.rpc.call(ctx, S.voteCast, { ...body, address: ctx.meta.ip });
  }
}

export const PUBLICATION_CONTROLLERS = [ReviewPublicationController, RewardController, MyRewardController, PublicResultsController];
