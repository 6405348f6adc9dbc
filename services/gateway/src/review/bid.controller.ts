import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Perm, ReviewSubject as S, type BidItem, type Page } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { BidPageDto, BidSaveDto } from './review.dto';

/** An expert's bids (竞标) on the works of their group, in rounds that take bids. */
@ApiTags('review: bids')
@ApiBearerAuth()
@Controller('review/bid')
export class ReviewBidController {
  constructor(private readonly rpc: RpcService) {}

  @Get('page')
  @Permissions(Perm.expertSelf)
  page(@RequestCtx() ctx: Ctx, @Query() q: BidPageDto): Promise<Page<BidItem>> {
    return this.rpc.call(ctx, S.bidPage, q);
  }

  @Post('save')
  @HttpCode(200)
  @Permissions(Perm.expertSelf)
  save(@RequestCtx() ctx: Ctx, @Body() body: BidSaveDto): Promise<void> {
    return this.rpc.call(ctx, S.bidSave, body);
  }
}
