import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Perm, ReferenceSubject, type DictItemView, type DictTypeView } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { IdDto } from '../http/id.dto';
import { DictItemSaveDto, DictTypeQueryDto, DictTypeSaveDto } from './reference.dto';

/** Back-office dictionaries: platform-wide; organisers may look, only ROOT (system:dict:edit) changes them. */
@ApiTags('system: dictionaries')
@ApiBearerAuth()
@Controller('system/dict')
export class DictController {
  constructor(private readonly rpc: RpcService) {}

  @Get('type/list')
  @Permissions(Perm.dictList, Perm.dictEdit)
  typeList(@RequestCtx() ctx: Ctx): Promise<DictTypeView[]> {
    return this.rpc.call(ctx, ReferenceSubject.dictTypeList);
  }

  @Post('type/save')
  @HttpCode(200)
  @Permissions(Perm.dictEdit)
  typeSave(@RequestCtx() ctx: Ctx, @Body() body: DictTypeSaveDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, ReferenceSubject.dictTypeSave, body);
  }

  @Post('type/delete')
  @HttpCode(200)
  @Permissions(Perm.dictEdit)
  typeDelete(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, ReferenceSubject.dictTypeDelete, body);
  }

  /** Every item of a type, disabled ones too. */
  @Get('item/list')
  @Permissions(Perm.dictList, Perm.dictEdit)
  itemList(@RequestCtx() ctx: Ctx, @Query() q: DictTypeQueryDto): Promise<DictItemView[]> {
    return this.rpc.call(ctx, ReferenceSubject.dictItemList, q);
  }

  @Post('item/save')
  @HttpCode(200)
  @Permissions(Perm.dictEdit)
  itemSave(@RequestCtx() ctx: Ctx, @Body() body: DictItemSaveDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, ReferenceSubject.dictItemSave, body);
  }

  @Post('item/delete')
  @HttpCode(200)
  @Permissions(Perm.dictEdit)
  itemDelete(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, ReferenceSubject.dictItemDelete, body);
  }
}
