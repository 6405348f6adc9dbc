import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Perm, ReferenceSubject, type CollegeView, type MajorView, type Page } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { IdDto } from '../http/id.dto';
import { CollegePageQueryDto, CollegeSaveDto, MajorPageQueryDto, MajorSaveDto } from './reference.dto';

/** Back-office colleges and majors, limited by the service to the schools of the caller's organisations. */
@ApiTags('system: colleges and majors')
@ApiBearerAuth()
@Controller('system')
export class CollegeController {
  constructor(private readonly rpc: RpcService) {}

  @Get('college/page')
  @Permissions(Perm.schoolList, Perm.collegeEdit)
  collegePage(@RequestCtx() ctx: Ctx, @Query() q: CollegePageQueryDto): Promise<Page<CollegeView>> {
    return this.rpc.call(ctx, ReferenceSubject.collegePage, q);
  }

  @Post('college/save')
  @HttpCode(200)
  @Permissions(Perm.collegeEdit)
  collegeSave(@RequestCtx() ctx: Ctx, @Body() body: CollegeSaveDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, ReferenceSubject.collegeSave, body);
  }

  @Post('college/delete')
  @HttpCode(200)
  @Permissions(Perm.collegeEdit)
  collegeDelete(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, ReferenceSubject.collegeDelete, body);
  }

  @Get('major/page')
  @Permissions(Perm.schoolList, Perm.majorEdit)
  majorPage(@RequestCtx() ctx: Ctx, @Query() q: MajorPageQueryDto): Promise<Page<MajorView>> {
    return this.rpc.call(ctx, ReferenceSubject.majorPage, q);
  }

  @Post('major/save')
  @HttpCode(200)
  @Permissions(Perm.majorEdit)
  majorSave(@RequestCtx() ctx: Ctx, @Body() body: MajorSaveDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, ReferenceSubject.majorSave, body);
  }

  @Post('major/delete')
  @HttpCode(200)
  @Permissions(Perm.majorEdit)
  majorDelete(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, ReferenceSubject.majorDelete, body);
  }
}
