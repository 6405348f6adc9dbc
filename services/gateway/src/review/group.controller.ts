import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Perm, ReviewSubject as S, type CaptainFlag, type ReviewGroup } from '@cmp/contracts';
import { LoggedIn, Permissions } from '../http/access.decorators';
import { IdDto } from '../http/id.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { GroupAutoDto, GroupSaveDto, RoundIdDto } from './review.dto';

/** Expert groups (专家分组) of a round, each with one captain (组长). */
@ApiTags('review: groups')
@ApiBearerAuth()
@Controller('review/group')
export class ReviewGroupController {
  constructor(private readonly rpc: RpcService) {}

  @Get('list')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  list(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<ReviewGroup[]> {
    return this.rpc.call(ctx, S.groupList, q);
  }

  @Post('save')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  save(@RequestCtx() ctx: Ctx, @Body() body: GroupSaveDto): Promise<ReviewGroup> {
    return this.rpc.call(ctx, S.groupSave, body);
  }

  @Post('delete')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  remove(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<void> {
    return this.rpc.call(ctx, S.groupDelete, body);
  }

  /** Splits the given experts into `count` groups evenly by event (replaces the round's groups). */
  @Post('auto')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  auto(@RequestCtx() ctx: Ctx, @Body() body: GroupAutoDto): Promise<ReviewGroup[]> {
    return this.rpc.call(ctx, S.groupAuto, body);
  }

  /** Whether the calling expert captains their group of the round. */
  @Get('relation/getCaptainFlag')
  @LoggedIn()
  captainFlag(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<CaptainFlag> {
    return this.rpc.call(ctx, S.captainFlag, q);
  }
}
