import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { privateFile } from '../files/private-file';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@cmp/common';
import {
  CV_MAX_BYTES,
  ErrorCode,
  ExpertSubject as S,
  Perm,
  type ApplicationView,
  type ExpertSaveReply,
  type Page,
  type RecommendationView,
  type RecruitCallPublic,
  type RecruitCallView,
} from '@cmp/contracts';
import { Permissions, Public } from '../http/access.decorators';
import { IdDto } from '../http/id.dto';
import { PageDto } from '../http/page.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { readUpload } from '../files/read-upload';
import { chooseWorkType, contentTypeOfWork, sniffWorkType } from '../files/work-type';
import {
  ApplicationPageQueryDto,
  DecisionDto,
  RecommendDecisionDto,
  RecommendDto,
  RecommendPageQueryDto,
  RecruitApplyDto,
  RecruitCallDto,
} from './expert.dto';

/** Recruitment calls and their applications (专家招募), and recommendations to the parent organisation (专家推荐). */
@ApiTags('review: expert recruitment and recommendation')
@ApiBearerAuth()
@Controller('expert')
export class ExpertIntakeController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Get('recruit/page')
  @Permissions(Perm.expertList, Perm.expertEdit)
  calls(@RequestCtx() ctx: Ctx, @Query() q: PageDto): Promise<Page<RecruitCallView>> {
    return this.rpc.call(ctx, S.recruitPage, q);
  }

  @Post('recruit/save')
  @HttpCode(200)
  @Permissions(Perm.expertEdit)
  saveCall(@RequestCtx() ctx: Ctx, @Body() body: RecruitCallDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, S.recruitSave, body);
  }

  @Post('recruit/close')
  @HttpCode(200)
  @Permissions(Perm.expertEdit)
  closeCall(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, S.recruitClose, body);
  }

  @Get('recruit/application/page')
  @Permissions(Perm.expertList, Perm.expertEdit)
  applications(@RequestCtx() ctx: Ctx, @Query() q: ApplicationPageQueryDto): Promise<Page<ApplicationView>> {
    return this.rpc.call(ctx, S.applicationPage, q);
  }

  /** Approve (the account is created or linked, the expert joins the library) or reject; decided once. */
  @Post('recruit/application/decide')
  @HttpCode(200)
  @Permissions(Perm.expertEdit)
  decide(@RequestCtx() ctx: Ctx, @Body() body: DecisionDto): Promise<ExpertSaveReply> {
    return this.rpc.call(ctx, S.applicationDecide, body);
  }

  /** The applicant's CV, for the organisers of the call's organisation only. */
  @Get('recruit/application/cv')
  @Permissions(Perm.expertList, Perm.expertEdit)
  async cv(@RequestCtx() ctx: Ctx, @Query() q: IdDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const a = await this.rpc.call<ApplicationView & { cvKey: string }>(ctx, S.applicationGet, q);
    const file = await this.storage.open('cvs', a.cvKey);
    if (!file) throw AppError.notFound('recruit.cvMissing');
    return privateFile(reply, file, { contentType: contentTypeOfWork(a.cvKey.split('.').pop()!), name: a.cvName });
  }

  @Post('recommend/save')
  @HttpCode(200)
  @Permissions(Perm.expertEdit)
  recommend(@RequestCtx() ctx: Ctx, @Body() body: RecommendDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, S.recommendSave, body);
  }

  @Get('recommend/page')
  @Permissions(Perm.expertList, Perm.expertEdit)
  recommendations(@RequestCtx() ctx: Ctx, @Query() q: RecommendPageQueryDto): Promise<Page<RecommendationView>> {
    return this.rpc.call(ctx, S.recommendPage, q);
  }

  @Post('recommend/decide')
  @HttpCode(200)
  @Permissions(Perm.expertEdit)
  decideRecommendation(@RequestCtx() ctx: Ctx, @Body() body: RecommendDecisionDto): Promise<{ expertId: number | null }> {
    return this.rpc.call(ctx, S.recommendDecide, body);
  }
}

/** The public side of recruitment: the call, the CV upload and the application (no login). */
@ApiTags('review: expert recruitment and recommendation')
@Controller('home/expert/recruit')
export class PublicRecruitController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Get('detail')
  @Public()
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<RecruitCallPublic> {
    return this.rpc.call(ctx, S.recruitPublic, q);
  }

  /** A CV (multipart field `file`): PDF or Word (.docx), judged by its bytes, at most CV_MAX_BYTES; kept private. */
  @Post('cv')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @Public()
  async uploadCv(@Req() req: FastifyRequest): Promise<{ cvKey: string; cvName: string; size: number }> {
    const { data, filename } = await readUpload(req, CV_MAX_BYTES);
    const ext = chooseWorkType(sniffWorkType(data), filename, ['pdf', 'docx']);
    if (!ext) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, 'recruit.badCv');
    const cvKey = await this.storage.save('cvs', data, ext, contentTypeOfWork(ext));
    return { cvKey, cvName: filename.slice(0, 200) || `cv.${ext}`, size: data.length };
  }

  @Post('apply')
  @HttpCode(200)
  @Public()
  async apply(@RequestCtx() ctx: Ctx, @Body() body: RecruitApplyDto): Promise<{ id: number }> {
    // The CV must be one this gateway stored: a made-up name is refused before anything is saved.
    const cv = await this.storage.open('cvs', body.cvKey);
    if (!cv) throw AppError.badRequest('recruit.cvMissing');
    cv.stream.destroy();
    return this.rpc.call(ctx, S.recruitApply, body);
  }
}
