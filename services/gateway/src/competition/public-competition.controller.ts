import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CompetitionsSubject as S, type Competition, type Option, type Page, type ScheduleEntry, type Stage } from '@cmp/contracts';
import { Public } from '../http/access.decorators';
import { CachedRead, PublicCache } from '../http/public-cache';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { CompetitionIdQueryDto, IdDto } from '../http/id.dto';
import { PublicPageQueryDto, SiteQueryDto } from './competition.dto';

/** What visitors of a public site read. Answers are cached in the gateway until an organiser changes them. */
@ApiTags('public competition')
@Controller()
@Public()
export class PublicCompetitionController {
  constructor(
    private readonly cache: PublicCache,
    private readonly rpc: RpcService,
  ) {}

  @Get('home/competition/page')
  @CachedRead()
  page(@RequestCtx() ctx: Ctx, @Query() q: PublicPageQueryDto, @Req() req: FastifyRequest): Promise<Page<Competition>> {
    return this.cache.call(ctx, S.publicPage, { ...q, host: q.groupId ? undefined : req.hostname });
  }

  @Get('home/competition/detail')
  @CachedRead()
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto) {
    return this.cache.call(ctx, S.publicDetail, q);
  }

  @Get('home/competition/competition/lastRound')
  @CachedRead()
  lastRound(@RequestCtx() ctx: Ctx, @Query() q: SiteQueryDto, @Req() req: FastifyRequest) {
    return this.cache.call(ctx, S.publicLastRound, { groupId: q.groupId, host: q.groupId ? undefined : req.hostname });
  }

  @Get('web/competition/group/list')
  @CachedRead()
  groups(@RequestCtx() ctx: Ctx) {
    return this.cache.call(ctx, S.publicGroups, {});
  }

  @Get('web/competition/group/competition/list')
  @CachedRead()
  groupCompetitions(@RequestCtx() ctx: Ctx, @Query() q: SiteQueryDto): Promise<Option[]> {
    return this.cache.call(ctx, S.publicGroups, { groupId: q.groupId });
  }

  @Get('web/competition/stage/list')
  @CachedRead()
  stages(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto): Promise<Stage[]> {
    return this.cache.call(ctx, S.publicStages, q);
  }

  /** Drafts' timelines are their organisers' only, so this one is not cached. */
  @Get('competition/schedule/getSchedule')
  schedule(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto): Promise<ScheduleEntry[]> {
    return this.rpc.call(ctx, S.schedule, q);
  }
}
