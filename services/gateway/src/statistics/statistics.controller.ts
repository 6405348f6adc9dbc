import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { privateFile } from '../files/private-file';
import { ApiBearerAuth, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { AppError, attachment, buildWorkbook, XLSX_TYPE, type SheetColumn, type StorageBackend } from '@cmp/common';
import {
  FIGURE_EXPORTS,
  FIGURE_FILES,
  FIGURE_ROWS_EXPORT_COLUMNS,
  FIGURE_TEXT,
  figureRows,
  LANGS,
  PayStatus,
  Perm,
  SignupStatus,
  StatisticsSubject as S,
  translate,
  type CompetitionFigures,
  type FigureExport,
  type FigureFile,
  type FigureSignupRow,
  type FigureSource,
  type Lang,
  type OrganisationFigures,
  type Page,
  type FileLinkReply,
  type ReportFile,
  type ReportItem,
} from '@cmp/contracts';
import { STORAGE_BACKEND } from '../files/file-storage';
import { FileLinks } from '../files/file-links';
import { Permissions } from '../http/access.decorators';
import { NumberFromText, PageDto, queryBoolean } from '../http/page.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';

export class CompetitionFiguresDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  competitionId: number;
}

export class FigureFileDto {
  @ApiProperty({ enum: FIGURE_FILES })
  @IsIn(FIGURE_FILES)
  dimension: FigureFile;
}

export class FigureExportDto extends FigureFileDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  competitionId: number;
}

export class FigureSignupDto extends PageDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  competitionId: number;

  @ApiPropertyOptional({ enum: FIGURE_EXPORTS, description: 'with key: the figure whose bar the rows are under' })
  @IsOptional()
  @IsIn(FIGURE_EXPORTS)
  dimension?: FigureExport;

  @ApiPropertyOptional({ description: "the bar's key as the figure gives it ('' for not given)" })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  key?: string;

  @ApiPropertyOptional({ enum: [SignupStatus.pending, SignupStatus.approved] })
  @IsOptional()
  @NumberFromText()
  @IsIn([SignupStatus.pending, SignupStatus.approved])
  status?: number;

  @ApiPropertyOptional({ enum: Object.values(PayStatus) })
  @IsOptional()
  @NumberFromText()
  @IsIn(Object.values(PayStatus))
  payStatus?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  workSubmitted?: boolean;
}

export class ReportCreateDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  competitionId: number;

  @ApiProperty({ enum: LANGS })
  @IsIn(LANGS)
  lang: Lang;
}

export class ReportPageDto extends PageDto {
  @ApiPropertyOptional()
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(1)
  competitionId?: number;
}

/** 数据中心: figures of the caller's organisations' competitions, one or all together, from the statistics read model. */
@ApiTags('statistics')
@ApiBearerAuth()
@Controller('statistics')
export class StatisticsController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(STORAGE_BACKEND) private readonly files: StorageBackend,
    private readonly links: FileLinks,
  ) {}

  /** 数据报告: queue a competition's report (PDF) in a language; the statistics worker renders it. */
  @Post('reports')
  @HttpCode(200)
  @Permissions(Perm.statisticsView)
  createReport(@RequestCtx() ctx: Ctx, @Body() body: ReportCreateDto): Promise<ReportItem> {
    return this.rpc.call(ctx, S.reportCreate, body);
  }

  /** The caller's organisations' reports, newest first, with how far each is. */
  @Get('reports')
  @Permissions(Perm.statisticsView)
  reports(@RequestCtx() ctx: Ctx, @Query() q: ReportPageDto): Promise<Page<ReportItem>> {
    return this.rpc.call(ctx, S.reportPage, q);
  }

  /** A done report's PDF. */
  @Get('reports/:id/file')
  @Permissions(Perm.statisticsView)
  async reportFile(@RequestCtx() ctx: Ctx, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    if (!/^\d{1,9}$/.test(id)) throw AppError.notFound('statistics.reportNotFound');
    const ref = await this.rpc.call<ReportFile>(ctx, S.reportFile, { id: Number(id) });
    const file = await this.files.get(ref.storageKey);
    if (!file) throw AppError.notFound('statistics.reportNotFound');
    return privateFile(reply, file, { contentType: 'application/pdf', name: ref.fileName });
  }

  /** A done report's signed link for the PDF viewer (/preview), valid 30 minutes. */
  @Get('reports/:id/link')
  @Permissions(Perm.statisticsView)
  async reportLink(@RequestCtx() ctx: Ctx, @Param('id') id: string): Promise<FileLinkReply> {
    if (!/^\d{1,9}$/.test(id)) throw AppError.notFound('statistics.reportNotFound');
    const ref = await this.rpc.call<ReportFile>(ctx, S.reportFile, { id: Number(id) });
    return this.links.issue(ref.storageKey, ref.fileName);
  }

  /** A competition's sign-ups: totals, per day, and by event, school, college, major, grade and province. */
  @Get('competition')
  @Permissions(Perm.statisticsView)
  competition(@RequestCtx() ctx: Ctx, @Query() q: CompetitionFiguresDto): Promise<CompetitionFigures> {
    return this.rpc.call(ctx, S.competition, q);
  }

  /** 数据预览: the counted sign-ups under a figure's bar (no names or contacts), for the competition's own organisation. */
  @Get('competition/rows')
  @Permissions(Perm.statisticsView)
  rows(@RequestCtx() ctx: Ctx, @Query() q: FigureSignupDto): Promise<Page<FigureSignupRow>> {
    return this.rpc.call(ctx, S.signupRows, q);
  }

  /** 数据预览's rows as .xlsx (at most FIGURE_ROWS_EXPORT_MAX), as filtered, headers and states in the caller's language. */
  @Get('competition/rows/export')
  @Permissions(Perm.statisticsView)
  async exportRows(@RequestCtx() ctx: Ctx, @Query() q: FigureSignupDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const page = await this.rpc.call<Page<FigureSignupRow>>(ctx, S.signupRows, { ...q, all: true });
    const lang = ctx.meta.lang;
    const rows = page.list.map((r) => ({ ...r, status: translate(`enroll.status.${r.status}`, lang), payStatus: translate(`enroll.pay.${r.payStatus}`, lang) }));
    const file = await buildWorkbook(FIGURE_ROWS_EXPORT_COLUMNS, lang, rows);
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(lang === 'en' ? `sign-ups-${q.competitionId}.xlsx` : `数据预览-${q.competitionId}.xlsx`));
    return new StreamableFile(file);
  }

  /** Every competition of the caller's organisations (subordinates included) together, with each one's headline figures. */
  @Get('organisation')
  @Permissions(Perm.statisticsView)
  organisation(@RequestCtx() ctx: Ctx): Promise<OrganisationFigures> {
    return this.rpc.call(ctx, S.organisation, {});
  }

  /** One figure of a competition as .xlsx: what it counts by and the sign-ups (or works, or the fees per day), with a totals row, headers in the caller's language. */
  @Get('competition/export')
  @Permissions(Perm.statisticsView)
  async export(@RequestCtx() ctx: Ctx, @Query() q: FigureExportDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const figures = await this.rpc.call<CompetitionFigures>(ctx, S.competition, { competitionId: q.competitionId });
    return this.workbook(ctx, reply, figures, q.dimension, String(q.competitionId));
  }

  /** One figure of the organisation's competitions together as .xlsx, as a competition's. */
  @Get('organisation/export')
  @Permissions(Perm.statisticsView)
  async exportAll(@RequestCtx() ctx: Ctx, @Query() q: FigureFileDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const figures = await this.rpc.call<OrganisationFigures>(ctx, S.organisation, {});
    return this.workbook(ctx, reply, figures, q.dimension, FIGURE_TEXT.allCompetitions[ctx.meta.lang === 'en' ? 'en' : 'zh']);
  }

  /** The figure's rows with a totals row, headers in the caller's language; the file named by the figure and `whose`. */
  private async workbook(ctx: Ctx, reply: FastifyReply, figures: FigureSource, dimension: FigureFile, whose: string): Promise<StreamableFile> {
    const lang = ctx.meta.lang === 'en' ? 'en' : 'zh';
    const column = (key: keyof typeof FIGURE_TEXT, type: SheetColumn['type'], width = 14): SheetColumn => ({ key, ...FIGURE_TEXT[key], required: false, width, type, sum: true });
    const { columns, rows, name } =
      dimension === 'review'
        ? {
            columns: [
              { ...column('review', 'text', 24), sum: false },
              { ...column('reviewExpert', 'text', 16), sum: false },
              column('reviewAssigned', 'integer', 12),
              column('reviewSubmitted', 'integer', 14),
              { ...column('reviewAverage', 'number', 10), sum: false },
            ],
            rows: figures.review.flatMap((r) =>
              r.byExpert.map((e) => ({ review: r.roundName, reviewExpert: e.label, reviewAssigned: e.assigned, reviewSubmitted: e.submitted, reviewAverage: e.average })),
            ),
            name: `${FIGURE_TEXT.reviewFileName[lang]}-${whose}.xlsx`,
          }
        : dimension === 'awards'
        ? {
            // A column per level, as the figures name them in the caller's language.
            columns: [
              { ...column('awards', 'text', 32), sum: false },
              ...figures.awards.byLevel.map((l, i): SheetColumn => ({ key: `level${i}`, zh: l.label, en: l.label, required: false, width: 12, type: 'integer', sum: true })),
              column('awardsTotal', 'integer', 12),
            ],
            rows: figures.awards.bySchool.map((r) => ({
              awards: r.label || FIGURE_TEXT.notGiven[lang],
              ...Object.fromEntries(figures.awards.byLevel.map((l, i) => [`level${i}`, r.levels[l.key] ?? 0])),
              awardsTotal: r.total,
            })),
            name: `${FIGURE_TEXT.awardsFileName[lang]}-${whose}.xlsx`,
          }
        : dimension === 'fees'
        ? {
            columns: [{ ...column('fees', 'text', 24), sum: false }, column('paidCount', 'integer'), column('paidFen', 'money'), column('refundCount', 'integer'), column('refundedFen', 'money')],
            rows: figures.fees.byDay.map((d) => ({ ...d, fees: d.day })),
            name: `${FIGURE_TEXT.feesFileName[lang]}-${whose}.xlsx`,
          }
        : {
            columns: [{ ...column(dimension, 'text', 32), sum: false }, column(dimension === 'workDay' ? 'works' : 'count', 'integer', 12)],
            rows: figureRows(figures, dimension).map((r) => ({ [dimension]: r.label || FIGURE_TEXT.notGiven[lang], [dimension === 'workDay' ? 'works' : 'count']: r.count })),
            name: `${FIGURE_TEXT.fileName[lang]}-${FIGURE_TEXT[dimension][lang].replace(/[（(].*$/, '').trim()}-${whose}.xlsx`,
          };
    const file = await buildWorkbook(columns, ctx.meta.lang, rows, { totals: true });
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name));
    return new StreamableFile(file);
  }
}
