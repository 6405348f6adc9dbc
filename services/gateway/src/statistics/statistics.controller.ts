import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { attachment, buildWorkbook, XLSX_TYPE, type SheetColumn } from '@cmp/common';
import {
  FIGURE_EXPORTS,
  FIGURE_TEXT,
  figureRows,
  PayStatus,
  Perm,
  SignupStatus,
  StatisticsSubject as S,
  type CompetitionFigures,
  type FigureExport,
  type FigureSignupRow,
  type Page,
} from '@cmp/contracts';
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

export class FigureExportDto extends CompetitionFiguresDto {
  @ApiProperty({ enum: FIGURE_EXPORTS })
  @IsIn(FIGURE_EXPORTS)
  dimension: FigureExport;
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

/** 数据中心: figures of the caller's organisations' competitions, from the statistics read model. */
@ApiTags('statistics')
@ApiBearerAuth()
@Controller('statistics')
export class StatisticsController {
  constructor(private readonly rpc: RpcService) {}

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

  /** One figure of a competition as .xlsx: what it counts by and the sign-ups (or works), with a totals row, headers in the caller's language. */
  @Get('competition/export')
  @Permissions(Perm.statisticsView)
  async export(@RequestCtx() ctx: Ctx, @Query() q: FigureExportDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const figures = await this.rpc.call<CompetitionFigures>(ctx, S.competition, { competitionId: q.competitionId });
    const lang = ctx.meta.lang === 'en' ? 'en' : 'zh';
    const rows = figureRows(figures, q.dimension).map((r) => ({ label: r.label || FIGURE_TEXT.notGiven[lang], count: r.count }));
    const columns: SheetColumn[] = [
      { key: 'label', ...FIGURE_TEXT[q.dimension], required: false, width: 32 },
      { key: 'count', ...FIGURE_TEXT[q.dimension === 'workDay' ? 'works' : 'count'], required: false, width: 12, type: 'integer', sum: true },
    ];
    const file = await buildWorkbook(columns, ctx.meta.lang, rows, { totals: true });
    const name = `${FIGURE_TEXT.fileName[lang]}-${FIGURE_TEXT[q.dimension][lang].replace(/[（(].*$/, '').trim()}-${q.competitionId}.xlsx`;
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(name));
    return new StreamableFile(file);
  }
}
