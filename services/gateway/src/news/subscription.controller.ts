import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SubscriptionSubject, type Page, type SubscribeMessage, type Subscription } from '@cmp/contracts';
import { LoggedIn } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { IdsDto, MessagePageQueryDto, SubscriptionSaveDto } from './news.dto';

/** A person's news subscriptions and the messages they bring (personal centre, /center/informationSub). */
@ApiTags('subscriptions')
@ApiBearerAuth()
@Controller('sys')
export class SubscriptionController {
  constructor(private readonly rpc: RpcService) {}

  @Get('user/subscribe/detail')
  @LoggedIn()
  detail(@RequestCtx() ctx: Ctx): Promise<Subscription> {
    return this.rpc.call(ctx, SubscriptionSubject.get);
  }

  @Post('user/subscribe/save')
  @HttpCode(200)
  @LoggedIn()
  save(@RequestCtx() ctx: Ctx, @Body() body: SubscriptionSaveDto): Promise<Subscription> {
    return this.rpc.call(ctx, SubscriptionSubject.save, body);
  }

  @Get('subscribe/message/page')
  @LoggedIn()
  messagePage(@RequestCtx() ctx: Ctx, @Query() q: MessagePageQueryDto): Promise<Page<SubscribeMessage> & { unread: number }> {
    return this.rpc.call(ctx, SubscriptionSubject.messagePage, q);
  }

  @Post('subscribe/message/delete')
  @HttpCode(200)
  @LoggedIn()
  delete(@RequestCtx() ctx: Ctx, @Body() body: IdsDto): Promise<{ count: number }> {
    return this.rpc.call(ctx, SubscriptionSubject.messageDelete, body);
  }

  /** Not in the spec's list: opening a message marks it read. */
  @Post('subscribe/message/read')
  @HttpCode(200)
  @LoggedIn()
  read(@RequestCtx() ctx: Ctx, @Body() body: IdsDto): Promise<{ count: number }> {
    return this.rpc.call(ctx, SubscriptionSubject.messageRead, body);
  }
}
