import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  NewsSubject,
  Perm,
  type CollectedNews,
  type NewsDetail,
  type NewsItem,
  type Page,
  type PublicNewsDetail,
  type PublicNewsItem,
} from '@cmp/contracts';
import { IdDto } from '../http/id.dto';
import { LoggedIn, Permissions, Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { CachedRead, PublicCache } from '../http/public-cache';
import { RpcService } from '../http/rpc.service';
import { NewsCheckDto, NewsCollectDto, NewsPageQueryDto, NewsSaveDto, NewsUpdateDto, PublicNewsPageQueryDto } from './news.dto';

/**
 * Back-office news (not in the spec's call list; the news management screens use these). Organisers (news:check)
 * publish directly and approve subordinate organisations' applications; editors (news:edit alone) apply.
 */
@ApiTags('news')
@ApiBearerAuth()
@Controller('competition/news')
export class NewsController {
  constructor(private readonly rpc: RpcService) {}

  @Get('page')
  @Permissions(Perm.newsList)
  page(@RequestCtx() ctx: Ctx, @Query() q: NewsPageQueryDto): Promise<Page<NewsItem>> {
    return this.rpc.call(ctx, NewsSubject.page, q);
  }

  @Get('detail')
  @Permissions(Perm.newsList)
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<NewsDetail> {
    return this.rpc.call(ctx, NewsSubject.get, q);
  }

  @Post('add')
  @HttpCode(200)
  @Permissions(Perm.newsEdit)
  add(@RequestCtx() ctx: Ctx, @Body() body: NewsSaveDto): Promise<NewsDetail> {
    return this.rpc.call(ctx, NewsSubject.save, body);
  }

  @Post('update')
  @HttpCode(200)
  @Permissions(Perm.newsEdit)
  update(@RequestCtx() ctx: Ctx, @Body() body: NewsUpdateDto): Promise<NewsDetail> {
    return this.rpc.call(ctx, NewsSubject.save, body);
  }

  /** Publishes with news:check; without it, submits the item to the superior organisation (apply). */
  @Post('publish')
  @HttpCode(200)
  @Permissions(Perm.newsEdit)
  publish(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<NewsDetail> {
    return this.rpc.call(ctx, NewsSubject.publish, body);
  }

  @Post('unpublish')
  @HttpCode(200)
  @Permissions(Perm.newsCheck)
  unpublish(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<NewsDetail> {
    return this.rpc.call(ctx, NewsSubject.unpublish, body);
  }

  @Post('check')
  @HttpCode(200)
  @Permissions(Perm.newsCheck)
  check(@RequestCtx() ctx: Ctx, @Body() body: NewsCheckDto): Promise<NewsDetail> {
    return this.rpc.call(ctx, NewsSubject.check, body);
  }

  @Post('delete')
  @HttpCode(200)
  @Permissions(Perm.newsEdit)
  delete(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, NewsSubject.delete, body);
  }

  /** Favourites are personal: any logged-in user keeps their own. */
  @Post('collect')
  @HttpCode(200)
  @LoggedIn()
  collect(@RequestCtx() ctx: Ctx, @Body() body: NewsCollectDto): Promise<{ collected: boolean }> {
    return this.rpc.call(ctx, NewsSubject.collect, body);
  }

  @Get('collect/page')
  @LoggedIn()
  collectPage(@RequestCtx() ctx: Ctx, @Query() q: NewsPageQueryDto): Promise<Page<CollectedNews>> {
    return this.rpc.call(ctx, NewsSubject.collectPage, q);
  }
}

/** The public site's news (spec: /home/competition/news/page). Published items only. */
@ApiTags('news: public')
@Controller('home/competition/news')
export class PublicNewsController {
  constructor(
    private readonly rpc: RpcService,
    private readonly cache: PublicCache,
  ) {}

  /** Cached in the gateway like the other public reads; publishing or changing news drops it. */
  @Get('page')
  @CachedRead()
  @Public()
  page(@RequestCtx() ctx: Ctx, @Query() q: PublicNewsPageQueryDto, @Req() req: FastifyRequest): Promise<Page<PublicNewsItem>> {
    return this.cache.call(ctx, NewsSubject.publicPage, { ...q, host: q.groupId ? undefined : req.hostname });
  }

  /** Not in the spec's list: the news detail page reads through it; each call counts one view. */
  @Get('detail')
  @Public()
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<PublicNewsDetail> {
    return this.rpc.call(ctx, NewsSubject.publicGet, q);
  }
}
