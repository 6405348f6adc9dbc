import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { privateFile } from '../files/private-file';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, storedFileKey } from '@cmp/common';
import {
  CompetitionsSubject as S,
  ErrorCode,
  Perm,
  SUMMARY_FILE_MAX_BYTES,
  SUMMARY_TEMPLATE_MAX_BYTES,
  type FileLinkReply,
  type Page,
  type SummaryFileRef,
  type SummaryRecords,
  type SummaryRequirement,
  type SummarySubmission,
  type SummarySubmissionRow,
  type SummaryTask,
} from '@cmp/contracts';
import { FileLinks } from '../files/file-links';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { readUpload } from '../files/read-upload';
import { chooseWorkType, contentTypeOfWork, sniffWorkType } from '../files/work-type';
import { Permissions } from '../http/access.decorators';
import { IdDto } from '../http/id.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import {
  SummaryRecordQueryDto,
  SummaryRequirementQueryDto,
  SummaryReviewDto,
  SummarySaveDto,
  SummarySubmissionQueryDto,
  SummaryTaskQueryDto,
  SummaryUploadQueryDto,
} from './summary.dto';

/** An original file name as people see it: never a path, at most 200 characters. */
const shownName = (filename: string, fallback: string) => filename.split(/[\\/]/).pop()!.slice(0, 200) || fallback;

/**
 * School summaries (总结管理): the organiser's requirements (总结设置), records and decisions (提交记录), the archive
 * (学校总结); a school contact's tasks and hand-ins (总结提交). Files are private: templates stream to those who may
 * read them, hand-ins open in the PDF viewer through a signed link.
 */
@ApiTags('summaries')
@ApiBearerAuth()
@Controller('summary')
export class SummaryController {
  constructor(
    private readonly rpc: RpcService,
    private readonly links: FileLinks,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Get('requirement/page')
  @Permissions(Perm.summaryManage)
  page(@RequestCtx() ctx: Ctx, @Query() q: SummaryRequirementQueryDto): Promise<Page<SummaryRequirement>> {
    return this.rpc.call(ctx, S.summaryPage, q);
  }

  /** A template (PDF or Word, judged by its bytes) for a requirement; saved with it by requirement/save. */
  @Post('template/upload')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @Permissions(Perm.summaryManage)
  async uploadTemplate(@Req() req: FastifyRequest): Promise<{ key: string; name: string; size: number }> {
    const { data, filename } = await readUpload(req, SUMMARY_TEMPLATE_MAX_BYTES);
    const ext = chooseWorkType(sniffWorkType(data), filename, ['pdf', 'docx', 'doc']);
    if (!ext) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, 'summary.badTemplate');
    const key = await this.storage.save('summaries', data, ext, contentTypeOfWork(ext));
    return { key, name: shownName(filename, `template.${ext}`), size: data.length };
  }

  @Post('requirement/save')
  @HttpCode(200)
  @Permissions(Perm.summaryManage)
  async save(@RequestCtx() ctx: Ctx, @Body() body: SummarySaveDto): Promise<SummaryRequirement> {
    if (body.template) {
      // Only a template this gateway stored: a made-up name is refused before anything is saved.
      const file = await this.storage.open('summaries', body.template.key);
      if (!file) throw AppError.badRequest('summary.badTemplate');
      file.stream.destroy();
    }
    return this.rpc.call(ctx, S.summarySave, body);
  }

  @Post('requirement/delete')
  @HttpCode(200)
  @Permissions(Perm.summaryManage)
  remove(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, S.summaryDelete, body);
  }

  @Get('requirement/records')
  @Permissions(Perm.summaryManage)
  records(@RequestCtx() ctx: Ctx, @Query() q: SummaryRecordQueryDto): Promise<SummaryRecords> {
    return this.rpc.call(ctx, S.summaryRecords, q);
  }

  /** Site messages to the contacts of every organisation that has not handed in (or was returned). */
  @Post('requirement/remind')
  @HttpCode(200)
  @Permissions(Perm.summaryManage)
  remind(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<{ organisations: number; people: number }> {
    return this.rpc.call(ctx, S.summaryRemind, body);
  }

  @Post('submission/review')
  @HttpCode(200)
  @Permissions(Perm.summaryManage)
  review(@RequestCtx() ctx: Ctx, @Body() body: SummaryReviewDto): Promise<SummarySubmission> {
    return this.rpc.call(ctx, S.summaryReview, body);
  }

  @Get('submission/page')
  @Permissions(Perm.summaryManage)
  submissions(@RequestCtx() ctx: Ctx, @Query() q: SummarySubmissionQueryDto): Promise<Page<SummarySubmissionRow>> {
    return this.rpc.call(ctx, S.summarySubmissions, q);
  }

  @Get('task/page')
  @Permissions(Perm.summarySubmit)
  tasks(@RequestCtx() ctx: Ctx, @Query() q: SummaryTaskQueryDto): Promise<Page<SummaryTask>> {
    return this.rpc.call(ctx, S.summaryTasks, q);
  }

  /** The caller's organisation hands in its summary: one PDF (judged by its bytes), replacing the last until accepted. */
  @Post('task/upload')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @Permissions(Perm.summarySubmit)
  async upload(@RequestCtx() ctx: Ctx, @Query() q: SummaryUploadQueryDto, @Req() req: FastifyRequest): Promise<SummarySubmission> {
    const { data, filename } = await readUpload(req, SUMMARY_FILE_MAX_BYTES);
    if (!sniffWorkType(data)?.types.includes('pdf')) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, 'summary.notPdf');
    const key = await this.storage.save('summaries', data, 'pdf', 'application/pdf');
    try {
      return await this.rpc.call<SummarySubmission>(ctx, S.summarySubmit, { requirementId: q.requirementId, key, name: shownName(filename, 'summary.pdf'), size: data.length });
    } catch (e) {
      // Refused (past the deadline, accepted meanwhile, not asked): the bytes go too.
      await this.storage.remove('summaries', key);
      throw e;
    }
  }

  /** A requirement's template, for its organiser's side and the organisations asked. */
  @Get('template')
  @Permissions(Perm.summaryManage, Perm.summarySubmit)
  async template(@RequestCtx() ctx: Ctx, @Query() q: IdDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const ref = await this.rpc.call<SummaryFileRef>(ctx, S.summaryFile, { requirementId: q.id });
    const file = await this.storage.open('summaries', ref.key);
    if (!file) throw AppError.notFound('summary.noTemplate');
    return privateFile(reply, file, { contentType: contentTypeOfWork(ref.key.split('.').pop() ?? ''), name: ref.name });
  }

  /** A hand-in's signed link for the PDF viewer (/preview), valid 30 minutes. */
  @Get('submission/link')
  @Permissions(Perm.summaryManage, Perm.summarySubmit)
  async link(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<FileLinkReply> {
    const ref = await this.rpc.call<SummaryFileRef>(ctx, S.summaryFile, { submissionId: q.id });
    return this.links.issue(storedFileKey('summaries', ref.key), ref.name);
  }
}
