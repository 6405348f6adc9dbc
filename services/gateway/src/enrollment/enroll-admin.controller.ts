import { Body, Controller, Get, HttpCode, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { attachment, buildWorkbook, XLSX_TYPE, type SheetRow } from '@cmp/common';
import { EnrollmentSubject as S, Perm, SIGNUP_EXPORT_COLUMNS, type IdNumberReveal, type Page, type SignupDetail, type SignupListRow, type Work, type WorkPublication } from '@cmp/contracts';
import { AuditedRead } from '../audit/audit';
import { Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { CompetitionIdQueryDto, IdDto } from '../http/id.dto';
import { CheckDto, MemberQueryDto, PublishDto, SignupFilterDto, SignupPageDto, WorkPageDto } from './enrollment.dto';

/** Back office: sign-up management and works, scoped to the caller's organisations by the enrollment service. */
@ApiTags('enrollment-admin')
@ApiBearerAuth()
@Controller('enroll')
export class EnrollAdminController {
  constructor(private readonly rpc: RpcService) {}

  @Get('signup/page')
  @Permissions(Perm.enrollList)
  page(@RequestCtx() ctx: Ctx, @Query() q: SignupPageDto): Promise<Page<SignupListRow>> {
    return this.rpc.call(ctx, S.signupPage, q);
  }

  @Get('signup/detail')
  @Permissions(Perm.enrollList)
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<SignupDetail> {
    return this.rpc.call(ctx, S.signupDetail, q);
  }

  /** A member's identity number in full (details show it masked); every call is in the operation log. */
  @Get('signup/idNumber')
  @Permissions(Perm.enrollList)
  @AuditedRead()
  revealIdNumber(@RequestCtx() ctx: Ctx, @Query() q: MemberQueryDto): Promise<IdNumberReveal> {
    return this.rpc.call(ctx, S.signupIdNumber, q);
  }

  @Post('signup/check')
  @HttpCode(200)
  @Permissions(Perm.enrollCheck)
  check(@RequestCtx() ctx: Ctx, @Body() body: CheckDto): Promise<SignupDetail> {
    return this.rpc.call(ctx, S.signupCheck, body);
  }

  /** The filtered list as .xlsx (at most 10,000 rows), headers in the caller's language. */
  @Get('signup/export')
  @Permissions(Perm.enrollExport)
  async export(@RequestCtx() ctx: Ctx, @Query() q: SignupFilterDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const rows = await this.rpc.call<SheetRow[]>(ctx, S.signupExport, q);
    const file = await buildWorkbook(SIGNUP_EXPORT_COLUMNS, ctx.meta.lang, rows);
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(ctx.meta.lang === 'en' ? 'sign-ups.xlsx' : '报名名单.xlsx'));
    return new StreamableFile(file);
  }

  /** Schools the competition's sign-ups come from (the list's school filter). */
  @Get('team/source/list')
  @Permissions(Perm.enrollList)
  sources(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto) {
    return this.rpc.call(ctx, S.sourceList, q);
  }

  @Get('work/page')
  @Permissions(Perm.workList)
  works(@RequestCtx() ctx: Ctx, @Query() q: WorkPageDto): Promise<Page<Work>> {
    return this.rpc.call(ctx, S.workPage, q);
  }

  @Get('work/detail')
  @Permissions(Perm.workList)
  work(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<Work> {
    return this.rpc.call(ctx, S.workDetail, q);
  }

  /** Whether the competition's works are published (the works list's switch). */
  @Get('work/publish')
  @Permissions(Perm.workList)
  publication(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto): Promise<WorkPublication> {
    return this.rpc.call(ctx, S.workPublication, q);
  }

  @Post('work/publish')
  @HttpCode(200)
  @Permissions(Perm.workPublish)
  publish(@RequestCtx() ctx: Ctx, @Body() body: PublishDto): Promise<WorkPublication> {
    return this.rpc.call(ctx, S.workPublish, body);
  }
}
