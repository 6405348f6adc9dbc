import { randomBytes } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { privateFile } from '../files/private-file';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppError, attachment, buildWorkbook, XLSX_TYPE, type Redis, type SheetColumn } from '@cmp/common';
import {
  Perm,
  ReviewSubject as S,
  translate,
  type ColumnSetting,
  type ExpertDashboard,
  type GroupScores,
  type MyReviewItem,
  type Page,
  type ReviewFileAccess,
  type RoundProgress,
  type ScoreSheet,
  type ScoreTableRow,
  type SheetDetail,
  type SheetHistoryEntry,
} from '@cmp/contracts';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { LoggedIn, Permissions, Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { REDIS } from '../redis.provider';
import {
  AssignmentIdDto,
  GroupScoresDto,
  MyReviewPageDto,
  RemindDto,
  RoundIdDto,
  RoundPagedDto,
  SheetFileDto,
  SheetIdDto,
  SheetReturnDto,
  SheetSaveDto,
} from './review.dto';

const FILE_LINK_PREFIX = 'review:file-link:';
/** Long enough to read a work; the screen asks for a new link each time it shows the file. */
const FILE_LINK_SECONDS = 30 * 60;

/**
 * Scoring: the expert's workspace (我的评审) and score sheets, captains' returns and confirmations, and the
 * organiser's progress, reminders and raw score table. Who may see a sheet is decided by the review service.
 */
@ApiTags('review: scoring')
@ApiBearerAuth()
@Controller('review')
export class ReviewScoringController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get('comment/info/getColumnSetting')
  @LoggedIn()
  columnSetting(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<ColumnSetting> {
    return this.rpc.call(ctx, S.columnSetting, q);
  }

  @Get('mine/dashboard')
  @Permissions(Perm.expertSelf)
  dashboard(@RequestCtx() ctx: Ctx): Promise<ExpertDashboard> {
    return this.rpc.call(ctx, S.mineDashboard);
  }

  @Get('mine/page')
  @Permissions(Perm.expertSelf)
  mine(@RequestCtx() ctx: Ctx, @Query() q: MyReviewPageDto): Promise<Page<MyReviewItem>> {
    return this.rpc.call(ctx, S.minePage, q);
  }

  @Get('sheet/detail')
  @LoggedIn()
  detail(@RequestCtx() ctx: Ctx, @Query() q: AssignmentIdDto): Promise<SheetDetail> {
    return this.rpc.call(ctx, S.sheetDetail, q);
  }

  /** A work's file, inline (PDF and images shown in the page), to its expert, their captain or an organiser. */
  @Get('sheet/file')
  @LoggedIn()
  async file(@RequestCtx() ctx: Ctx, @Query() q: SheetFileDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return this.send(await this.rpc.call<ReviewFileAccess>(ctx, S.sheetFile, q), reply);
  }

  /**
   * A short-lived link to the same file whose last segment is the file's name: a browser's PDF viewer titles the
   * document by its URL, so an object URL showed a blob id. The link carries a random ticket, never the session.
   */
  @Get('sheet/file/link')
  @LoggedIn()
  async fileLink(@RequestCtx() ctx: Ctx, @Query() q: SheetFileDto): Promise<{ url: string }> {
    const access = await this.rpc.call<ReviewFileAccess>(ctx, S.sheetFile, q);
    const ticket = randomBytes(18).toString('base64url');
    await this.redis.set(`${FILE_LINK_PREFIX}${ticket}`, JSON.stringify(access), 'EX', FILE_LINK_SECONDS);
    return { url: `/review/sheet/file/view/${ticket}/${encodeURIComponent(access.name)}` };
  }

  @Get('sheet/file/view/:ticket/:name')
  @Public()
  async fileByLink(@Param('ticket') ticket: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const stored = /^[\w-]{24}$/.test(ticket) ? await this.redis.get(`${FILE_LINK_PREFIX}${ticket}`) : null;
    if (!stored) throw AppError.notFound('review.fileLinkExpired');
    return this.send(JSON.parse(stored) as ReviewFileAccess, reply);
  }

  private async send(access: ReviewFileAccess, reply: FastifyReply): Promise<StreamableFile> {
    const file = await this.storage.open('works', access.storedName);
    if (!file) throw AppError.notFound('review.fileNotFound');
    return privateFile(reply, file, { contentType: access.contentType, name: access.name, inline: true });
  }

  /** Saves a draft (the screen saves as the expert types). */
  @Post('sheet/save')
  @HttpCode(200)
  @Permissions(Perm.expertSelf)
  save(@RequestCtx() ctx: Ctx, @Body() body: SheetSaveDto): Promise<ScoreSheet> {
    return this.rpc.call(ctx, S.sheetSave, body);
  }

  /** Submits and locks the sheet; repeating the same submit changes nothing. */
  @Post('sheet/submit')
  @HttpCode(200)
  @Permissions(Perm.expertSelf)
  submit(@RequestCtx() ctx: Ctx, @Body() body: SheetSaveDto): Promise<ScoreSheet> {
    return this.rpc.call(ctx, S.sheetSubmit, body);
  }

  @Post('sheet/return')
  @HttpCode(200)
  @LoggedIn()
  giveBack(@RequestCtx() ctx: Ctx, @Body() body: SheetReturnDto): Promise<ScoreSheet> {
    return this.rpc.call(ctx, S.sheetReturn, body);
  }

  @Get('sheet/history')
  @LoggedIn()
  history(@RequestCtx() ctx: Ctx, @Query() q: SheetIdDto): Promise<SheetHistoryEntry[]> {
    return this.rpc.call(ctx, S.sheetHistory, q);
  }

  @Get('group/scores')
  @LoggedIn()
  groupScores(@RequestCtx() ctx: Ctx, @Query() q: GroupScoresDto): Promise<GroupScores> {
    return this.rpc.call(ctx, S.groupScores, q);
  }

  @Post('group/confirm')
  @HttpCode(200)
  @Permissions(Perm.expertSelf)
  confirm(@RequestCtx() ctx: Ctx, @Body() body: RoundIdDto): Promise<GroupScores> {
    return this.rpc.call(ctx, S.groupConfirm, body);
  }

  @Get('progress')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  progress(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<RoundProgress> {
    return this.rpc.call(ctx, S.progress, q);
  }

  @Post('progress/remind')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  remind(@RequestCtx() ctx: Ctx, @Body() body: RemindDto): Promise<{ sent: number }> {
    return this.rpc.call(ctx, S.remind, body);
  }

  @Get('statistics/scores')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  scores(@RequestCtx() ctx: Ctx, @Query() q: RoundPagedDto): Promise<Page<ScoreTableRow>> {
    return this.rpc.call(ctx, S.scoreTable, q);
  }

  /** The raw score table as .xlsx: one row per work and expert, one column per score column. */
  @Get('statistics/export')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  async export(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const data = await this.rpc.call<{ roundName: string; columns: string[]; rows: ScoreTableRow[] }>(ctx, S.scoreExport, q);
    const lang = ctx.meta.lang;
    const t = (key: string) => translate(key, lang);
    const columns: SheetColumn[] = [
      { key: 'work', zh: '作品', en: 'Work', required: false, width: 30 },
      { key: 'expert', zh: '专家', en: 'Expert', required: false, width: 14 },
      { key: 'status', zh: '状态', en: 'Status', required: false, width: 12 },
      ...data.columns.map((name, i) => ({ key: `c${i}`, zh: name, en: name, required: false, width: 12, type: 'number' as const })),
      { key: 'total', zh: '总分', en: 'Total', required: false, width: 10, type: 'number' },
      { key: 'comment', zh: '评语', en: 'Comment', required: false, width: 40 },
      { key: 'submittedAt', zh: '提交时间', en: 'Submitted at', required: false, type: 'time' },
    ];
    const rows = data.rows.map((r) => ({
      work: r.workTitle,
      expert: r.expertName,
      status: t(`review.sheetStatus.${r.status}`),
      ...Object.fromEntries(data.columns.map((_, i) => [`c${i}`, r.scores[i]])),
      total: r.total,
      comment: r.comment,
      submittedAt: r.submittedAt,
    }));
    const file = await buildWorkbook(columns, lang, rows);
    const name = `${data.roundName}-${lang === 'en' ? 'scores' : '评分'}.xlsx`;
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name));
    return new StreamableFile(file);
  }
}
