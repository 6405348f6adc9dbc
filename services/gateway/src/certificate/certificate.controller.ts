import type { Readable } from 'node:stream';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { privateFile } from '../files/private-file';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import archiver, { type Archiver } from 'archiver';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, attachment, buildWorkbook, isStorageKey, type Redis, type StorageBackend, XLSX_TYPE } from '@cmp/common';
import {
  CERTIFICATE_TEMPLATE_CATEGORIES,
  CertificatesSubject as S,
  NUMBERING_VARIANTS,
  Perm,
  WINNER_COLUMNS,
  type PickableSignup,
  type PublishedRound,
  type BatchPreviewReply,
  type BatchProgress,
  type CertificateBatch,
  type CertificateFileRef,
  type CertificateSearchHit,
  type CertificateTemplate,
  type ImportCheckReply,
  type IssuedCertificate,
  type MyCertificate,
  type Page,
  type TraceResult,
} from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { STORAGE_BACKEND } from '../files/file-storage';
import { LoggedIn, Permissions, Public } from '../http/access.decorators';
import { limitPerAddress } from '../http/address-limit';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { REDIS } from '../redis.provider';
import { PageDto } from '../http/page.dto';
import { IdDto } from '../http/id.dto';
import { asImportFailure, readUploadedSheet } from '../http/upload';
import {
  BatchAddDto,
  BatchIdDto,
  BatchPageDto,
  BatchSignupsDto,
  CertificatePageDto,
  CertificateSearchDto,
  PreviewQueryDto,
  RecipientsAddDto,
  RecipientsFromSignupsDto,
  ReissueDto,
  RevokeDto,
  SealSaveDto,
  TemplatePageDto,
  TemplateSaveDto,
  TemplateUpdateDto,
  TraceQueryDto,
} from './certificate.dto';

/** Appends one entry and waits until it is written, so that one stored file at a time is open. */
function appendEntry(zip: Archiver, stream: Readable, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (e?: Error) => {
      zip.off('entry', onEntry).off('error', onError).off('close', onClose);
      if (!e) return resolve();
      stream.destroy();
      reject(e);
    };
    const onEntry = () => settle();
    const onError = (e: Error) => settle(e);
    const onClose = () => settle(new Error('zip closed'));
    zip.on('entry', onEntry).on('error', onError).on('close', onClose);
    zip.append(stream, { name });
  });
}

/**
 * Certificates (spec: certificate template, make, setting, list, check, send, trace). The certificates service
 * owns the data and scoping; files it renders are in the shared storage (STORAGE_DRIVER) and are streamed from
 * here by key after the service has said who may have them.
 */
@ApiTags('certificates')
@ApiBearerAuth()
@Controller('certificate')
export class CertificateController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(STORAGE_BACKEND) private readonly files: StorageBackend,
  ) {}

  /** Template categories (spec section 9) and numbering variants, for the template and setting screens. */
  @Get('template/options')
  @Permissions(Perm.certificateList)
  options() {
    return { categories: CERTIFICATE_TEMPLATE_CATEGORIES, numberingVariants: NUMBERING_VARIANTS };
  }

  @Get('template/page')
  @Permissions(Perm.certificateList)
  templatePage(@RequestCtx() ctx: Ctx, @Query() q: TemplatePageDto): Promise<Page<Omit<CertificateTemplate, 'design'>>> {
    return this.rpc.call(ctx, S.templatePage, q);
  }

  @Get('template/detail')
  @Permissions(Perm.certificateList)
  templateDetail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<CertificateTemplate> {
    return this.rpc.call(ctx, S.templateDetail, q);
  }

  @Post('template/add')
  @HttpCode(200)
  @Permissions(Perm.certificateEdit)
  templateAdd(@RequestCtx() ctx: Ctx, @Body() body: TemplateSaveDto): Promise<CertificateTemplate> {
    return this.rpc.call(ctx, S.templateAdd, body);
  }

  @Post('template/update')
  @HttpCode(200)
  @Permissions(Perm.certificateEdit)
  templateUpdate(@RequestCtx() ctx: Ctx, @Body() body: TemplateUpdateDto): Promise<CertificateTemplate> {
    return this.rpc.call(ctx, S.templateUpdate, body);
  }

  @Post('template/delete')
  @HttpCode(200)
  @Permissions(Perm.certificateEdit)
  templateDelete(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, S.templateDelete, body);
  }

  /** The organisation's seal (upload the image with /file/upload/image first). */
  @Get('seal')
  @Permissions(Perm.certificateList)
  seal(@RequestCtx() ctx: Ctx): Promise<{ imageUrl: string | null }> {
    return this.rpc.call(ctx, S.sealGet);
  }

  @Post('seal/save')
  @HttpCode(200)
  @Permissions(Perm.certificateEdit)
  sealSave(@RequestCtx() ctx: Ctx, @Body() body: SealSaveDto): Promise<{ imageUrl: string }> {
    return this.rpc.call(ctx, S.sealSave, body);
  }

  @Get('batch/page')
  @Permissions(Perm.certificateList)
  batchPage(@RequestCtx() ctx: Ctx, @Query() q: BatchPageDto): Promise<Page<CertificateBatch>> {
    return this.rpc.call(ctx, S.batchPage, q);
  }

  @Get('batch/detail')
  @Permissions(Perm.certificateList)
  batchDetail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<CertificateBatch> {
    return this.rpc.call(ctx, S.batchDetail, q);
  }

  @Post('batch/add')
  @HttpCode(200)
  @Permissions(Perm.certificateEdit)
  batchAdd(@RequestCtx() ctx: Ctx, @Body() body: BatchAddDto): Promise<CertificateBatch> {
    return this.rpc.call(ctx, S.batchAdd, body);
  }

  @Post('batch/delete')
  @HttpCode(200)
  @Permissions(Perm.certificateEdit)
  batchDelete(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, S.batchDelete, body);
  }

  @Post('batch/recipients/add')
  @HttpCode(200)
  @Permissions(Perm.certificateEdit)
  recipientsAdd(@RequestCtx() ctx: Ctx, @Body() body: RecipientsAddDto): Promise<{ total: number }> {
    return this.rpc.call(ctx, S.recipientsAdd, body);
  }

  /** Approved sign-ups of the batch's competition to pick winners from; `added` marks those already in the batch. */
  @Get('batch/signups')
  @Permissions(Perm.certificateEdit)
  batchSignups(@RequestCtx() ctx: Ctx, @Query() q: BatchSignupsDto): Promise<Page<PickableSignup>> {
    return this.rpc.call(ctx, S.batchSignups, q);
  }

  /** The published review rounds of the batch's competition, each with its award levels and their winner counts. */
  @Get('batch/publishedRounds')
  @Permissions(Perm.certificateEdit)
  publishedRounds(@RequestCtx() ctx: Ctx, @Query() q: BatchIdDto): Promise<PublishedRound[]> {
    return this.rpc.call(ctx, S.publishedRounds, q);
  }

  @Post('batch/recipients/fromSignups')
  @HttpCode(200)
  @Permissions(Perm.certificateEdit)
  recipientsFromSignups(@RequestCtx() ctx: Ctx, @Body() body: RecipientsFromSignupsDto): Promise<{ added: number; total: number }> {
    return this.rpc.call(ctx, S.recipientsFromSignups, body);
  }

  /** The winners spreadsheet to fill in: one column per field a template can bind. */
  @Get('batch/recipients/template')
  @Permissions(Perm.certificateEdit)
  async recipientsTemplate(@RequestCtx() ctx: Ctx, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const en = ctx.meta.lang === 'en';
    const example = en
      ? { holderName: 'Zhang San', username: 'student1', awardName: 'First prize', school: 'Demo University', student: 'Zhang San, Li Si', teacher: 'Wang Wu', workName: 'Smart campus', teamName: 'Team A', companyName: '' }
      : { holderName: '张三', username: 'student1', awardName: '一等奖', school: '华东示范大学', student: '张三、李四', teacher: '王五', workName: '智慧校园', teamName: '追光队', companyName: '' };
    const notes = {
      title: en ? 'Instructions' : '填写说明',
      lines: [
        en ? 'Columns marked * are required. Delete the example row before importing.' : '带 * 的列为必填项。导入前请删除示例行。',
        en ? 'Account: the winner’s login, so the certificate appears in their personal centre (optional).' : '账号：获奖人的登录账号，填写后证书会出现在其个人中心（可不填）。',
        en ? 'Several students or teachers: separate them with 、 or commas.' : '多名学生或老师请用“、”或逗号分隔。',
      ],
    };
    const file = await buildWorkbook(WINNER_COLUMNS, ctx.meta.lang, [example], { notes });
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(en ? 'winners-template.xlsx' : '获奖名单模板.xlsx'));
    return new StreamableFile(file);
  }

  /** All rows or none: a bad file or any bad row answers 13017 with the rows to fix. */
  @Post('batch/recipients/import')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @Permissions(Perm.certificateEdit)
  async recipientsImport(@RequestCtx() ctx: Ctx, @Query() q: BatchIdDto, @Req() req: FastifyRequest): Promise<ImportCheckReply> {
    try {
      const rows = await readUploadedSheet(req, WINNER_COLUMNS, this.config.uploadLimitBytes);
      return await this.rpc.call(ctx, S.recipientsImport, { batchId: q.batchId, rows });
    } catch (e) {
      throw asImportFailure(e, ctx.meta.lang);
    }
  }

  /**
   * The design and bound values of the winners with the longest texts (render them with certificate-design.ts),
   * the seal that will print, warnings, and the winners whose bound fields are empty.
   */
  @Get('batch/preview')
  @Permissions(Perm.certificateList)
  preview(@RequestCtx() ctx: Ctx, @Query() q: PreviewQueryDto): Promise<BatchPreviewReply> {
    return this.rpc.call(ctx, S.batchPreview, q);
  }

  @Post('batch/issue')
  @HttpCode(200)
  @Permissions(Perm.certificateIssue)
  issue(@RequestCtx() ctx: Ctx, @Body() body: BatchIdDto): Promise<BatchProgress> {
    return this.rpc.call(ctx, S.batchIssue, body);
  }

  @Get('batch/progress')
  @Permissions(Perm.certificateList)
  progress(@RequestCtx() ctx: Ctx, @Query() q: BatchIdDto): Promise<BatchProgress> {
    return this.rpc.call(ctx, S.batchProgress, q);
  }

  @Post('batch/retry')
  @HttpCode(200)
  @Permissions(Perm.certificateIssue)
  retry(@RequestCtx() ctx: Ctx, @Body() body: BatchIdDto): Promise<BatchProgress> {
    return this.rpc.call(ctx, S.batchRetry, body);
  }

  @Post('batch/send')
  @HttpCode(200)
  @Permissions(Perm.certificateIssue)
  send(@RequestCtx() ctx: Ctx, @Body() body: BatchIdDto): Promise<CertificateBatch> {
    return this.rpc.call(ctx, S.batchSend, body);
  }

  /** Every rendered PDF of a batch in one ZIP, streamed (stored, not deflated: PDFs are compressed already). */
  @Get('batch/zip')
  @Permissions(Perm.certificateList)
  async zip(@RequestCtx() ctx: Ctx, @Query() q: BatchIdDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const { name, files } = await this.rpc.call<{ name: string; files: { path: string; fileName: string }[] }>(ctx, S.batchFiles, q);
    if (!files.every((f) => isStorageKey(f.path))) throw AppError.notFound('upload.notFound');
    const zip = archiver('zip', { store: true });
    // In batch order, one file open at a time; a file that is gone is left out.
    void (async () => {
      for (const f of files) {
        const file = await this.files.get(f.path);
        if (file) await appendEntry(zip, file.stream, f.fileName);
      }
      await zip.finalize();
    })().catch((e: Error) => zip.destroy(e));
    void reply.header('content-type', 'application/zip').header('content-disposition', attachment(`${name}.zip`));
    return new StreamableFile(zip);
  }

  @Get('page')
  @Permissions(Perm.certificateList)
  certificatePage(@RequestCtx() ctx: Ctx, @Query() q: CertificatePageDto): Promise<Page<IssuedCertificate>> {
    return this.rpc.call(ctx, S.certificatePage, q);
  }

  /** Certificates of all the caller's batches by holder, account or number (the trace screen). */
  @Get('search')
  @Permissions(Perm.certificateList)
  certificateSearch(@RequestCtx() ctx: Ctx, @Query() q: CertificateSearchDto): Promise<Page<CertificateSearchHit>> {
    return this.rpc.call(ctx, S.certificateSearch, q);
  }

  @Post('revoke')
  @HttpCode(200)
  @Permissions(Perm.certificateRevoke)
  revoke(@RequestCtx() ctx: Ctx, @Body() body: RevokeDto): Promise<IssuedCertificate> {
    return this.rpc.call(ctx, S.certificateRevoke, body);
  }

  @Post('reissue')
  @HttpCode(200)
  @Permissions(Perm.certificateRevoke)
  reissue(@RequestCtx() ctx: Ctx, @Body() body: ReissueDto): Promise<IssuedCertificate> {
    return this.rpc.call(ctx, S.certificateReissue, body);
  }

  /** The holder's own certificates (personal centre: newReward, reward). */
  @Get('my/page')
  @LoggedIn()
  myPage(@RequestCtx() ctx: Ctx, @Query() q: PageDto): Promise<Page<MyCertificate>> {
    return this.rpc.call(ctx, S.myPage, q);
  }

  /** A certificate's PDF or PNG preview, for its holder (once sent) or its organisers. */
  @Get('file/:id/:kind')
  @LoggedIn()
  async file(@RequestCtx() ctx: Ctx, @Param('id') id: string, @Param('kind') kind: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    if (!/^\d{1,9}$/.test(id) || (kind !== 'pdf' && kind !== 'png')) throw AppError.notFound('upload.notFound');
    const ref = await this.rpc.call<CertificateFileRef>(ctx, S.certificateFile, { id: Number(id), kind });
    const file = await this.files.get(ref.path);
    if (!file) throw AppError.notFound('upload.notFound');
    return privateFile(reply, file, { contentType: ref.contentType, name: ref.fileName, inline: kind !== 'pdf' });
  }

  /**
   * Public certificate check (the QR code's target). Limited per address in Redis, shared by every gateway,
   * so tokens cannot be probed quickly; the answer masks the holder's name.
   */
  @Get('trace')
  @Public()
  async trace(@RequestCtx() ctx: Ctx, @Query() q: TraceQueryDto): Promise<TraceResult> {
    await limitPerAddress(this.redis, 'trace', ctx.meta.ip, this.config.traceLimitPerMinute);
    return this.rpc.call(ctx, S.trace, q);
  }
}
