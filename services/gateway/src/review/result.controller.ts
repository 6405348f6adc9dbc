import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { AppError } from '@cmp/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Perm, ReviewSubject as S, type ExpertCalibrationView, type FinalScoreReply, type Page, type AwardLevel, type AwardReply, type AwardRequest, type CompetitionScoreReply, type PromotionReply, type PromotionRequest, type ScoreVersion, type TieBreak, type WorkResult } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { IdDto } from '../http/id.dto';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { AwardDto, CompetitionScoreDto, FinalScoreDto, PromotionDto, ResultPageDto, RoundIdDto, VersionIdDto } from './review.dto';

/** Final scores of a round (评审结果): computed in the background as versions. */
@ApiTags('review: results')
@ApiBearerAuth()
@Controller('review/comment/result')
export class ReviewResultController {
  constructor(private readonly rpc: RpcService) {}

  /** Queues the calculation and answers at once with its version (or the pending one with the same inputs). */
  @Post('finalScoreCalculation')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  calculate(@RequestCtx() ctx: Ctx, @Body() body: FinalScoreDto): Promise<FinalScoreReply> {
    return this.rpc.call(ctx, S.resultCalculate, body);
  }

  @Get('versions')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  versions(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<ScoreVersion[]> {
    return this.rpc.call(ctx, S.resultVersions, q);
  }

  @Get('version')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  version(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<ScoreVersion> {
    return this.rpc.call(ctx, S.resultVersion, q);
  }

  @Get('scores')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  scores(@RequestCtx() ctx: Ctx, @Query() q: ResultPageDto): Promise<Page<WorkResult>> {
    return this.rpc.call(ctx, S.resultScores, q);
  }

  /** A competition's final score from its rounds, weighted (nothing stored). */
  @Post('competitionScore')
  @HttpCode(200)
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  competitionScore(@RequestCtx() ctx: Ctx, @Body() body: CompetitionScoreDto): Promise<CompetitionScoreReply> {
    if (new Set(body.weights.map((w) => w.roundId)).size !== body.weights.length) throw AppError.badRequest('error.badValue');
    return this.rpc.call(ctx, S.competitionScore, body);
  }

  @Get('calibration')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  calibration(@RequestCtx() ctx: Ctx, @Query() q: VersionIdDto): Promise<ExpertCalibrationView[]> {
    return this.rpc.call(ctx, S.resultCalibration, q);
  }

  /** Who would go on to the next stage by the rule, per event (nothing changes). */
  @Post('promotion/preview')
  @HttpCode(200)
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  promotionPreview(@RequestCtx() ctx: Ctx, @Body() body: PromotionDto): Promise<PromotionReply> {
    return this.rpc.call(ctx, S.promotionPreview, promotionRequest(body));
  }

  /** Confirms the promotion once per round: the next round takes the promoted works, participants are told. */
  @Post('promotion/confirm')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  promotionConfirm(@RequestCtx() ctx: Ctx, @Body() body: PromotionDto): Promise<PromotionReply> {
    return this.rpc.call(ctx, S.promotionConfirm, promotionRequest(body));
  }

  /** Award levels per event by their rules (nothing changes). */
  @Post('award/preview')
  @HttpCode(200)
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  awardPreview(@RequestCtx() ctx: Ctx, @Body() body: AwardDto): Promise<AwardReply> {
    return this.rpc.call(ctx, S.awardPreview, awardRequest(body));
  }

  /** Confirms the awards once per round. */
  @Post('award/confirm')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  awardConfirm(@RequestCtx() ctx: Ctx, @Body() body: AwardDto): Promise<AwardReply> {
    return this.rpc.call(ctx, S.awardConfirm, awardRequest(body));
  }
}

function awardRequest(b: AwardDto): AwardRequest {
  const levels: AwardLevel[] = b.levels.map((l) => {
    const sensible = l.rule === 'count' ? Number.isInteger(l.value) && l.value >= 1 : l.rule === 'percent' ? l.value > 0 && l.value <= 100 : l.value <= 100;
    if (!sensible) throw AppError.badRequest('error.badValue');
    const rule = l.rule === 'count' ? { kind: 'count' as const, count: l.value } : l.rule === 'percent' ? { kind: 'percent' as const, percent: l.value } : { kind: 'band' as const, min: l.value };
    return { name: l.name.trim(), nameEn: l.nameEn?.trim() ?? '', rule };
  });
  if (new Set(levels.map((l) => l.name)).size !== levels.length) throw AppError.badRequest('error.badValue');
  return { versionId: b.versionId, levels, ties: b.ties, tieBreak: tieBreakOf(b), includeEliminated: b.includeEliminated ?? false };
}

function promotionRequest(b: PromotionDto): PromotionRequest {
  const sensible = b.rule === 'top' ? Number.isInteger(b.value) && b.value >= 1 : b.rule === 'percent' ? b.value > 0 && b.value <= 100 : b.value <= 100;
  if (!sensible) throw AppError.badRequest('error.badValue');
  const rule = b.rule === 'top' ? { kind: 'top' as const, count: b.value } : b.rule === 'percent' ? { kind: 'percent' as const, percent: b.value } : { kind: 'score' as const, min: b.value };
  return { versionId: b.versionId, rule, schoolCap: b.schoolCap ?? null, ties: b.ties, tieBreak: tieBreakOf(b), scope: b.scope ?? 'event' };
}

const tieBreakOf = (b: { tieBreakColumn?: number; tieBreakRoundId?: number }): TieBreak => ({ column: b.tieBreakColumn ?? null, roundId: b.tieBreakRoundId ?? null });
