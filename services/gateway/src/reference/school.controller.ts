import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildWorkbook, XLSX_TYPE } from '@cmp/common';
import {
  DictType,
  Perm,
  ReferenceSubject,
  SCHOOL_TEMPLATE_COLUMNS,
  type DictOption,
  type ImportCheckReply,
  type Page,
  type Province,
  type SchoolImportRow,
  type SchoolView,
} from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { IdDto } from '../http/id.dto';
import { asImportFailure, readUploadedSheet } from '../http/upload';
import { SchoolPageQueryDto, SchoolSaveDto, StatusDto } from './reference.dto';

/** Back-office schools: the competitions service limits each call to the schools the caller's organisations manage. */
@ApiTags('system: schools')
@ApiBearerAuth()
@Controller('system/school')
export class SchoolController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('page')
  @Permissions(Perm.schoolList, Perm.schoolEdit)
  page(@RequestCtx() ctx: Ctx, @Query() q: SchoolPageQueryDto): Promise<Page<SchoolView>> {
    return this.rpc.call(ctx, ReferenceSubject.schoolPage, q);
  }

  /** Every school the caller manages (id and name), for the college and major screens. */
  @Get('options')
  @Permissions(Perm.schoolList, Perm.collegeEdit, Perm.majorEdit)
  options(@RequestCtx() ctx: Ctx): Promise<{ id: number; name: string; enabled: boolean }[]> {
    return this.rpc.call(ctx, ReferenceSubject.schoolOptions);
  }

  /** Adds a school without `id`, changes one with it. */
  @Post('save')
  @HttpCode(200)
  @Permissions(Perm.schoolEdit)
  save(@RequestCtx() ctx: Ctx, @Body() body: SchoolSaveDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, ReferenceSubject.schoolSave, body);
  }

  @Post('status')
  @HttpCode(200)
  @Permissions(Perm.schoolEdit)
  status(@RequestCtx() ctx: Ctx, @Body() body: StatusDto): Promise<null> {
    return this.rpc.call(ctx, ReferenceSubject.schoolStatus, body);
  }

  @Post('delete')
  @HttpCode(200)
  @Permissions(Perm.schoolEdit)
  delete(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, ReferenceSubject.schoolDelete, body);
  }

  @Get('template/export')
  @Permissions(Perm.schoolImport)
  async exportTemplate(@RequestCtx() ctx: Ctx, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const [provinces, types] = await Promise.all([
      this.rpc.call<Province[]>(ctx, ReferenceSubject.provinceList),
      this.rpc.call<DictOption[]>(ctx, ReferenceSubject.dictPublicList, { dictType: DictType.schoolType }),
    ]);
    const en = ctx.meta.lang === 'en';
    const example = { name: '示例理工大学', nameEn: 'Example University of Technology', code: '19999', province: en ? 'Zhejiang' : '浙江省', schoolType: types[0]?.label ?? '' };
    const notes = {
      title: en ? 'Instructions' : '填写说明',
      lines: [
        en ? 'Columns marked * are required. Delete the example row before importing.' : '带 * 的列为必填项。导入前请删除示例行。',
        en ? 'School code: 2 to 32 letters, digits, _ or -, unique on the platform.' : '学校代码：2 至 32 位字母、数字、_ 或 -，全平台唯一。',
        en ? 'Imported schools belong to your organisation.' : '导入的学校归属于您当前的机构。',
        en ? 'School types (label or value):' : '办学类型（填名称或值）：',
        ...types.map((t) => `  ${t.value}  ${t.label}`),
        en ? 'Provinces (name or code):' : '省份（填名称或代码）：',
        ...provinces.map((p) => `  ${p.code}  ${en ? p.nameEn : p.name}`),
      ],
    };
    const file = await buildWorkbook(SCHOOL_TEMPLATE_COLUMNS, ctx.meta.lang, [example], { notes });
    const name = en ? 'school-import-template.xlsx' : '学校导入模板.xlsx';
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    return new StreamableFile(file);
  }

  @Post('template/check')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @Permissions(Perm.schoolImport)
  async check(@RequestCtx() ctx: Ctx, @Req() req: FastifyRequest): Promise<ImportCheckReply> {
    const rows = await readUploadedSheet(req, SCHOOL_TEMPLATE_COLUMNS, this.config.uploadLimitBytes);
    return this.rpc.call(ctx, ReferenceSubject.schoolImportCheck, { rows: rows as SchoolImportRow[] });
  }

  /** All rows or none: a bad file or any bad row answers 13017 with the rows that failed. */
  @Post('template/import')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @Permissions(Perm.schoolImport)
  async import(@RequestCtx() ctx: Ctx, @Req() req: FastifyRequest): Promise<{ count: number }> {
    try {
      const rows = await readUploadedSheet(req, SCHOOL_TEMPLATE_COLUMNS, this.config.uploadLimitBytes);
      return await this.rpc.call(ctx, ReferenceSubject.schoolImport, { rows: rows as SchoolImportRow[] });
    } catch (e) {
      throw asImportFailure(e, ctx.meta.lang);
    }
  }
}
