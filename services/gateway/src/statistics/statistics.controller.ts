import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn, IsInt, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { attachment, buildWorkbook, XLSX_TYPE, type SheetColumn } from '@cmp/common';
import { FIGURE_EXPORTS, FIGURE_TEXT, figureRows, Perm, StatisticsSubject as S, type CompetitionFigures, type FigureExport } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { NumberFromText } from '../http/page.dto';
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
