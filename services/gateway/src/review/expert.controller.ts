import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildWorkbook, XLSX_TYPE } from '@cmp/common';
import {
  EXPERT_TEMPLATE_COLUMNS,
  ExpertSubject as S,
  Perm,
  type ConflictView,
  type ExpertImportReply,
  type ExpertImportRow,
  type ExpertOption,
  type ExpertReassignReply,
  type ExpertWorkload,
  type ExpertSaveReply,
  type ExpertView,
  type ImportCheckReply,
  type Page,
  type TemporaryExpertsReply,
} from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { Permissions } from '../http/access.decorators';
import { IdDto } from '../http/id.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { asImportFailure, readUploadedSheet } from '../http/upload';
import { ConflictDto, ExpertMessageDto, ExpertPageQueryDto, ExpertSaveDto, ExpertStatusDto, ExpertWorkloadQueryDto, TemporaryExpertsDto } from './expert.dto';

/** The expert library (专家库), its import, temporary experts, and an expert's own profile and conflict declarations. */
@ApiTags('review: experts')
@ApiBearerAuth()
@Controller('expert')
export class ExpertController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('page')
  @Permissions(Perm.expertList, Perm.expertEdit)
  page(@RequestCtx() ctx: Ctx, @Query() q: ExpertPageQueryDto): Promise<Page<ExpertView>> {
    return this.rpc.call(ctx, S.page, q);
  }

  /** Active experts for pickers (review groups, manual assignment). */
  @Get('option')
  @Permissions(Perm.expertList, Perm.expertEdit, Perm.reviewList, Perm.reviewEdit)
  options(@RequestCtx() ctx: Ctx): Promise<ExpertOption[]> {
    return this.rpc.call(ctx, S.options);
  }

  @Get('detail')
  @Permissions(Perm.expertList, Perm.expertEdit)
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<ExpertView> {
    return this.rpc.call(ctx, S.get, q);
  }

  /** Adds an expert without `id` (the account is linked by phone or created, then shown once), changes one with it. */
  @Post('save')
  @HttpCode(200)
  @Permissions(Perm.expertEdit)
  save(@RequestCtx() ctx: Ctx, @Body() body: ExpertSaveDto): Promise<ExpertSaveReply> {
    return this.rpc.call(ctx, S.save, body);
  }

  @Post('status')
  @HttpCode(200)
  @Permissions(Perm.expertEdit)
  status(@RequestCtx() ctx: Ctx, @Body() body: ExpertStatusDto): Promise<null> {
    return this.rpc.call(ctx, S.status, body);
  }

  /** Not in the spec: 专家管理, how each expert reviews (one competition's rounds when filtered). */
  @Get('manage/page')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  workload(@RequestCtx() ctx: Ctx, @Query() q: ExpertWorkloadQueryDto): Promise<Page<ExpertWorkload>> {
    return this.rpc.call(ctx, S.workload, q);
  }

  /** Hands the expert's unscored works in open rounds to other experts of their groups, by the assignment's rules. */
  @Post('manage/reassign')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  reassign(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<ExpertReassignReply> {
    return this.rpc.call(ctx, S.reassign, body);
  }

  /** A site message to the chosen experts (those with an account get it). */
  @Post('manage/message')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  message(@RequestCtx() ctx: Ctx, @Body() body: ExpertMessageDto): Promise<{ sent: number; withoutAccount: number }> {
    return this.rpc.call(ctx, S.message, body);
  }

  @Get('template/export')
  @Permissions(Perm.expertEdit)
  async exportTemplate(@RequestCtx() ctx: Ctx, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const en = ctx.meta.lang === 'en';
    const example = en
      ? { name: 'Li Ming', phone: '13900000001', email: 'liming@example.edu', title: 'Professor', unit: 'School of Computing', subjects: 'Computer science, AI', keywords: 'vision, robotics' }
      : { name: '李明', phone: '13900000001', email: 'liming@example.edu', title: '教授', unit: '计算机学院', subjects: '计算机科学，人工智能', keywords: '计算机视觉，机器人' };
    const notes = {
      title: en ? 'Instructions' : '填写说明',
      lines: [
        en ? 'Columns marked * are required. Delete the example row before importing.' : '带 * 的列为必填项。导入前请删除示例行。',
        en ? 'An existing account with the same phone (or email) is linked; otherwise a new account is created and its one-time password shown after the import.'
          : '已有相同手机号（或邮箱）的账号将被关联；否则创建新账号，导入后显示一次性密码。',
        en ? 'Separate several subjects or keywords with commas.' : '多个学科或关键词用逗号分隔。',
      ],
    };
    const file = await buildWorkbook(EXPERT_TEMPLATE_COLUMNS, ctx.meta.lang, [example], { notes });
    const name = en ? 'expert-import-template.xlsx' : '专家导入模板.xlsx';
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    return new StreamableFile(file);
  }

  @Post('template/check')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @Permissions(Perm.expertEdit)
  async check(@RequestCtx() ctx: Ctx, @Req() req: FastifyRequest): Promise<ImportCheckReply> {
    const rows = await readUploadedSheet(req, EXPERT_TEMPLATE_COLUMNS, this.config.uploadLimitBytes);
    return this.rpc.call(ctx, S.importCheck, { rows: rows as ExpertImportRow[] });
  }

  /** All rows or none: a bad file or any bad row answers 13017 with the rows that failed. */
  @Post('template/import')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @Permissions(Perm.expertEdit)
  async import(@RequestCtx() ctx: Ctx, @Req() req: FastifyRequest): Promise<ExpertImportReply> {
    try {
      const rows = await readUploadedSheet(req, EXPERT_TEMPLATE_COLUMNS, this.config.uploadLimitBytes);
      return await this.rpc.call(ctx, S.import, { rows: rows as ExpertImportRow[] });
    } catch (e) {
      throw asImportFailure(e, ctx.meta.lang);
    }
  }

  /** Temporary experts for one competition: generated accounts ending with it, and their login slips' passwords. */
  @Post('temporary/create')
  @HttpCode(200)
  @Permissions(Perm.expertEdit)
  temporary(@RequestCtx() ctx: Ctx, @Body() body: TemporaryExpertsDto): Promise<TemporaryExpertsReply> {
    return this.rpc.call(ctx, S.temporaryCreate, body);
  }

  /** The calling expert's own profiles (one per organisation whose library holds them). */
  @Get('mine')
  @Permissions(Perm.expertSelf)
  mine(@RequestCtx() ctx: Ctx): Promise<ExpertView[]> {
    return this.rpc.call(ctx, S.mine);
  }

  @Get('conflict/list')
  @Permissions(Perm.expertSelf)
  conflicts(@RequestCtx() ctx: Ctx): Promise<ConflictView[]> {
    return this.rpc.call(ctx, S.conflictList);
  }

  @Post('conflict/save')
  @HttpCode(200)
  @Permissions(Perm.expertSelf)
  saveConflict(@RequestCtx() ctx: Ctx, @Body() body: ConflictDto): Promise<null> {
    return this.rpc.call(ctx, S.conflictSave, body);
  }

  @Post('conflict/delete')
  @HttpCode(200)
  @Permissions(Perm.expertSelf)
  deleteConflict(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, S.conflictDelete, body);
  }
}
