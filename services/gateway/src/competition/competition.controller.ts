import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CompetitionsSubject as S, Perm, type CompetitionDetail, type Option, type Stage } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { CompetitionIdQueryDto, IdDto } from '../http/id.dto';
import {
  ChildIdDto,
  CompetitionDto,
  CompetitionPageQueryDto,
  CompetitionUpdateDto,
  EnrollSettingDto,
  ItemDto,
  ReviewSettingDto,
  StageDto,
  WorkSubmitSettingDto,
} from './competition.dto';

/** The organisers' side of competitions: scoped to the caller's organisation by the competitions service. */
@ApiTags('competition')
@ApiBearerAuth()
@Controller('competition')
export class CompetitionController {
  constructor(private readonly rpc: RpcService) {}

  @Get('info/page')
  @Permissions(Perm.competitionList)
  page(@RequestCtx() ctx: Ctx, @Query() q: CompetitionPageQueryDto) {
    return this.rpc.call(ctx, S.competitionPage, q);
  }

  @Get('info/detail')
  @Permissions(Perm.competitionList)
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.competitionDetail, q);
  }

  /** News writers attach news to a competition, so they may list the options too. */
  @Get('info/option')
  @Permissions(Perm.competitionList, Perm.newsEdit, Perm.newsCheck)
  options(@RequestCtx() ctx: Ctx): Promise<Option[]> {
    return this.rpc.call(ctx, S.competitionOptions);
  }

  @Get('info/item/option')
  @Permissions(Perm.competitionList)
  itemOptions(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto): Promise<Option[]> {
    return this.rpc.call(ctx, S.itemOptions, q);
  }

  @Post('info/add')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  add(@RequestCtx() ctx: Ctx, @Body() body: CompetitionDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.competitionAdd, body);
  }

  @Post('info/update')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  update(@RequestCtx() ctx: Ctx, @Body() body: CompetitionUpdateDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.competitionUpdate, body);
  }

  @Post('info/copy')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  copy(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.competitionCopy, body);
  }

  @Post('info/publish')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  publish(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.competitionPublish, body);
  }

  @Post('info/archive')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  archive(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.competitionArchive, body);
  }

  @Post('info/delete')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  remove(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, S.competitionDelete, body);
  }

  @Post('item/save')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  saveItem(@RequestCtx() ctx: Ctx, @Body() body: ItemDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.itemSave, body);
  }

  @Post('item/delete')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  deleteItem(@RequestCtx() ctx: Ctx, @Body() body: ChildIdDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.itemDelete, body);
  }

  @Get('stage/list')
  @Permissions(Perm.competitionList)
  stages(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto): Promise<Stage[]> {
    return this.rpc.call(ctx, S.stageList, q);
  }

  @Get('stage/option/list')
  @Permissions(Perm.competitionList)
  async stageOptions(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto): Promise<Option[]> {
    const stages = await this.rpc.call<Stage[]>(ctx, S.stageList, q);
    return stages.map((s) => ({ value: s.id, label: s.name }));
  }

  @Get('stage/detail')
  @Permissions(Perm.competitionList)
  stage(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<Stage> {
    return this.rpc.call(ctx, S.stageDetail, q);
  }

  @Post('stage/save')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  saveStage(@RequestCtx() ctx: Ctx, @Body() body: StageDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.stageSave, body);
  }

  @Post('stage/delete')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  deleteStage(@RequestCtx() ctx: Ctx, @Body() body: ChildIdDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.stageDelete, body);
  }

  @Post('enroll/setting/save')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  saveEnroll(@RequestCtx() ctx: Ctx, @Body() body: EnrollSettingDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.enrollSettingSave, body);
  }

  @Post('workSub/setting/save')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  saveWorkSubmit(@RequestCtx() ctx: Ctx, @Body() body: WorkSubmitSettingDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.workSubmitSettingSave, body);
  }

  @Post('review/setting/save')
  @HttpCode(200)
  @Permissions(Perm.competitionEdit)
  saveReview(@RequestCtx() ctx: Ctx, @Body() body: ReviewSettingDto): Promise<CompetitionDetail> {
    return this.rpc.call(ctx, S.reviewSettingSave, body);
  }
}
