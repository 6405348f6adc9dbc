import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReferenceSubject, type DictOption, type NamedOption, type Page, type Province, type SchoolBrief } from '@cmp/contracts';
import { Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { CollegeIdQueryDto, DictTypeQueryDto, SchoolIdQueryDto, SchoolPublicQueryDto } from './reference.dto';

/** Reference data the public site and the sign-up form read without logging in. */
@ApiTags('reference (public)')
@Controller()
export class PublicReferenceController {
  constructor(private readonly rpc: RpcService) {}

  @Get('home/school/page')
  @Public()
  schools(@RequestCtx() ctx: Ctx, @Query() q: SchoolPublicQueryDto): Promise<Page<SchoolBrief>> {
    return this.rpc.call(ctx, ReferenceSubject.schoolPublicPage, q);
  }

  @Get('home/province/list')
  @Public()
  provinces(@RequestCtx() ctx: Ctx): Promise<Province[]> {
    return this.rpc.call(ctx, ReferenceSubject.provinceList);
  }

  /** Enabled items of one dictionary, in order, labelled in the caller's language. */
  @Get('home/dict/list')
  @Public()
  dict(@RequestCtx() ctx: Ctx, @Query() q: DictTypeQueryDto): Promise<DictOption[]> {
    return this.rpc.call(ctx, ReferenceSubject.dictPublicList, q);
  }

  @Get('web/college/list')
  @Public()
  colleges(@RequestCtx() ctx: Ctx, @Query() q: SchoolIdQueryDto): Promise<NamedOption[]> {
    return this.rpc.call(ctx, ReferenceSubject.collegePublicList, q);
  }

  @Get('web/major/list')
  @Public()
  majors(@RequestCtx() ctx: Ctx, @Query() q: CollegeIdQueryDto): Promise<NamedOption[]> {
    return this.rpc.call(ctx, ReferenceSubject.majorPublicList, q);
  }
}
