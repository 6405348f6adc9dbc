import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Perm, ReviewSubject as S, type AwardPreset } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { IdDto } from '../http/id.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { AwardPresetDto } from './review.dto';

/** 奖励管理: the organisation's award presets, which a round's 奖项评定 starts from. */
@ApiTags('review: award presets')
@ApiBearerAuth()
@Controller('review/award-preset')
export class AwardPresetController {
  constructor(private readonly rpc: RpcService) {}

  @Get('list')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  list(@RequestCtx() ctx: Ctx): Promise<AwardPreset[]> {
    return this.rpc.call(ctx, S.awardPresetList, {});
  }

  /** Adds a preset, or changes one with its id. */
  @Post('save')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  save(@RequestCtx() ctx: Ctx, @Body() body: AwardPresetDto): Promise<AwardPreset> {
    return this.rpc.call(ctx, S.awardPresetSave, body);
  }

  @Post('delete')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  delete(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<void> {
    return this.rpc.call(ctx, S.awardPresetDelete, body);
  }
}
