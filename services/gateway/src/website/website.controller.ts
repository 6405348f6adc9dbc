import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CompetitionsSubject, Perm, type Banner, type WebsiteSetting } from '@cmp/contracts';
import { Permissions, Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { CachedRead, PublicCache } from '../http/public-cache';
import { RpcService } from '../http/rpc.service';
import { BannersSaveDto, WebsiteQueryDto, WebsiteSaveDto } from './website.dto';

@ApiTags('website')
@Controller('web/competitionWebsite')
export class WebsiteController {
  constructor(
    private readonly rpc: RpcService,
    private readonly cache: PublicCache,
  ) {}

  /** The public site's settings, for the organisation named or else the one whose host the visitor used. */
  @Get('getWebsiteSetting')
  @CachedRead()
  @Public()
  get(@RequestCtx() ctx: Ctx, @Query() q: WebsiteQueryDto, @Req() req: FastifyRequest): Promise<WebsiteSetting> {
    return this.cache.call(ctx, CompetitionsSubject.websiteGet, { groupId: q.groupId, host: q.groupId ? undefined : req.hostname });
  }

  /** Not in the spec's call list: the website-settings screen saves through it. */
  @Post('save')
  @HttpCode(200)
  @ApiBearerAuth()
  @Permissions(Perm.websiteEdit)
  save(@RequestCtx() ctx: Ctx, @Body() body: WebsiteSaveDto): Promise<WebsiteSetting> {
    return this.rpc.call(ctx, CompetitionsSubject.websiteSave, body);
  }

  /** Not in the spec's call list: 网站横幅 saves an organisation's banners alone (a site is made if it has none). */
  @Post('banners/save')
  @HttpCode(200)
  @ApiBearerAuth()
  @Permissions(Perm.websiteEdit)
  saveBanners(@RequestCtx() ctx: Ctx, @Body() body: BannersSaveDto): Promise<Banner[]> {
    return this.rpc.call(ctx, CompetitionsSubject.websiteBannersSave, body);
  }
}
