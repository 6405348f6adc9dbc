import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { privateFile } from '../files/private-file';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, formatBytes } from '@cmp/common';
import { EnrollmentSubject as S, ErrorCode, type Work, type WorkFileAccess, type WorkUploadPolicy } from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { readUpload } from '../files/read-upload';
import { chooseWorkType, sniffWorkType } from '../files/work-type';
import { LoggedIn, Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { IdDto } from '../http/id.dto';
import { FileQueryDto, IdBodyDto, ShareQueryDto, WorkFileDto, WorkIdQueryDto, WorkSaveDto } from './enrollment.dto';

/** Works of sign-ups and their files. Files are private: every download asks the enrollment service who may have it. */
@ApiTags('works')
@ApiBearerAuth()
@Controller()
export class WorkController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('web/work/save')
  @HttpCode(200)
  @LoggedIn()
  save(@RequestCtx() ctx: Ctx, @Body() body: WorkSaveDto): Promise<Work> {
    return this.rpc.call(ctx, S.workSave, body);
  }

  @Post('web/work/submit')
  @HttpCode(200)
  @LoggedIn()
  submit(@RequestCtx() ctx: Ctx, @Body() body: IdBodyDto): Promise<Work> {
    return this.rpc.call(ctx, S.workSubmit, body);
  }

  @Post('web/work/withdraw')
  @HttpCode(200)
  @LoggedIn()
  withdraw(@RequestCtx() ctx: Ctx, @Body() body: IdBodyDto): Promise<Work> {
    return this.rpc.call(ctx, S.workWithdraw, body);
  }

  @Get('web/work/detail')
  @LoggedIn()
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<Work> {
    return this.rpc.call(ctx, S.workGet, q);
  }

  @Get('web/work/my')
  @LoggedIn()
  mine(@RequestCtx() ctx: Ctx): Promise<Work[]> {
    return this.rpc.call(ctx, S.workMine);
  }

  /**
   * One file of a draft work (multipart field `file`, `?workId=`). The enrollment service says first what
   * the event accepts, so an oversized file is cut off while it streams in; the bytes then decide the type.
   */
  @Post('web/work/file/upload')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @LoggedIn()
  async upload(@RequestCtx() ctx: Ctx, @Query() q: WorkIdQueryDto, @Req() req: FastifyRequest): Promise<Work> {
    const policy = await this.rpc.call<WorkUploadPolicy>(ctx, S.workUploadPolicy, { workId: q.workId });
    const limit = Math.min(policy.maxBytes, this.config.workFileLimitBytes);
    let file;
    try {
      file = await readUpload(req, limit);
    } catch (e) {
      if (e instanceof AppError && e.code === ErrorCode.PAYLOAD_TOO_LARGE) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'work.fileTooLarge', { limit: formatBytes(limit) });
      throw e;
    }
    const content = sniffWorkType(file.data);
    const ext = chooseWorkType(content, file.filename, policy.fileTypes);
    if (!ext || !content) {
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, 'work.fileType', { actual: content?.types.join('/') ?? '?', allowed: policy.fileTypes.join(', ') });
    }
    const storedName = await this.storage.save('works', file.data, ext, content.contentType);
    try {
      return await this.rpc.call<Work>(ctx, S.workFileAdd, {
        workId: q.workId,
        storedName,
        originalName: file.filename || `file.${ext}`,
        size: file.data.length,
        contentType: content.contentType,
        ext,
      });
    } catch (e) {
      // Refused after all (a racing upload took the last file slot, the window closed): drop the bytes.
      await this.storage.remove('works', storedName);
      throw e;
    }
  }

  @Post('web/work/file/delete')
  @HttpCode(200)
  @LoggedIn()
  async deleteFile(@RequestCtx() ctx: Ctx, @Body() body: WorkFileDto): Promise<null> {
    const { storedName } = await this.rpc.call<{ storedName: string }>(ctx, S.workFileDelete, body);
    await this.storage.remove('works', storedName);
    return null;
  }

  /**
   * Downloads a work file: for the team's members, organisers of the competition, holders of the work's
   * share id, and anyone once the organiser published the works. Never cached by shared caches.
   */
  @Get('web/work/file')
  @Public()
  async download(@RequestCtx() ctx: Ctx, @Query() q: FileQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const access = await this.rpc.call<WorkFileAccess>(ctx, S.workFileAccess, q);
    const file = await this.storage.open('works', access.storedName);
    if (!file) throw AppError.notFound('work.fileNotFound');
    return privateFile(reply, file, { contentType: access.contentType, name: access.originalName });
  }

  /** Public, read-only: the work behind a share link. */
  @Get('web/work/detailByShareId')
  @Public()
  byShareId(@RequestCtx() ctx: Ctx, @Query() q: ShareQueryDto): Promise<Work> {
    return this.rpc.call(ctx, S.workByShareId, q);
  }

  /** Public once the organiser published the competition's works. */
  @Get('works/detail')
  @Public()
  publicDetail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<Work> {
    return this.rpc.call(ctx, S.workPublicDetail, q);
  }
}
