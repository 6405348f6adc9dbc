import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  APPEAL_STATUSES,
  BIDS,
  MY_REVIEW_STATUSES,
  PROMOTION_SCOPES,
  ROUND_ATTENTIONS,
  ROUND_STATUSES,
  ROUND_TYPES,
  SCORE_METHODS,
  type AppealStatus,
  type AwardLevelInput,
  type Bid,
  type MyReviewStatus,
  type PromotionScope,
  type RoundAttention,
  type RoundStatus,
  type RoundType,
  type ScoreMethod,
} from '@cmp/contracts';
import { IdDto, OptionalId } from '../http/id.dto';
import { NumberFromText, PageDto, queryBoolean } from '../http/page.dto';
import { MaxItems } from '../http/max-items';

/** Limits: 20 columns a round, 100 events a round, 500 experts a group. */
const MAX_COLUMNS = 20;
const MAX_EVENTS = 100;
const MAX_GROUP_EXPERTS = 500;

export class RoundIdDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  roundId: number;
}

class RoundScoreColumnDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiProperty({ description: 'highest score of the column' })
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0.5)
  @Max(1000)
  max: number;

  @ApiProperty({ description: 'scores are multiples of it (1, 0.5, 0.1 ...)' })
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0.01)
  @Max(100)
  step: number;

  @ApiProperty({ description: 'percent of the total; a round adds up to 100' })
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  weight: number;

  @ApiPropertyOptional({ description: 'what earns the score (shown to experts)' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  rubric: string = '';
}

export class RoundSaveDto {
  @ApiPropertyOptional({ description: 'absent: a new round' })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  competitionId: number;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  stageId: number | null = null;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ enum: ROUND_TYPES })
  @IsIn(ROUND_TYPES)
  type: RoundType;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  blind: boolean = false;

  @ApiPropertyOptional({ format: 'date-time', nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  opensAt: string | null = null;

  @ApiPropertyOptional({ format: 'date-time', nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  closesAt: string | null = null;

  @ApiProperty()
  @IsInt()
  @Min(1)
  @Max(20)
  expertsPerWork: number;

  @ApiProperty({ type: [RoundScoreColumnDto] })
  @IsArray()
  @ArrayMinSize(1)
  @MaxItems(MAX_COLUMNS)
  @ValidateNested({ each: true })
  @Type(() => RoundScoreColumnDto)
  scoreColumns: RoundScoreColumnDto[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  commentRequired: boolean = false;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  biddingAllowed: boolean = false;

  @ApiPropertyOptional({ description: "experts never judge works of their own school or unit" })
  @IsOptional()
  @IsBoolean()
  excludeOwnOrganisation: boolean = true;

  @ApiPropertyOptional({ type: [Number], description: 'events (competition items) the round covers; empty: all' })
  @IsOptional()
  @IsArray()
  @MaxItems(MAX_EVENTS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  eventIds: number[] = [];
}

export class RoundPageDto extends PageDto {
  @OptionalId()
  competitionId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @ApiPropertyOptional({ enum: ROUND_STATUSES })
  @IsOptional()
  @IsIn(ROUND_STATUSES)
  status?: RoundStatus;

  @ApiPropertyOptional({ enum: ROUND_ATTENTIONS, description: 'Rounds waiting for their organiser (the workbench to-dos)' })
  @IsOptional()
  @IsIn(ROUND_ATTENTIONS)
  attention?: RoundAttention;
}

export class GroupSaveDto extends RoundIdDto {
  @ApiPropertyOptional({ description: 'absent: a new group' })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiProperty({ type: [Number] })
  @IsArray()
  @MaxItems(MAX_GROUP_EXPERTS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  expertIds: number[];

  @ApiPropertyOptional({ nullable: true, description: 'one of expertIds' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  captainExpertId: number | null = null;

  @ApiPropertyOptional({ type: [Number], description: 'events this group judges; empty: any' })
  @IsOptional()
  @IsArray()
  @MaxItems(MAX_EVENTS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  eventIds: number[] = [];
}

export class GroupAutoDto extends RoundIdDto {
  @ApiProperty({ description: 'how many groups' })
  @IsInt()
  @Min(1)
  @Max(100)
  count: number;

  @ApiProperty({ type: [Number], description: 'the experts to split' })
  @IsArray()
  @ArrayMinSize(1)
  @MaxItems(2000)
  @IsInt({ each: true })
  @Min(1, { each: true })
  expertIds: number[];
}

export class AssignmentWorksDto extends PageDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  roundId: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @OptionalId()
  reviewGroupId?: number;

  @ApiPropertyOptional({ description: 'only works with fewer experts than the round needs' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  uncovered?: boolean;
}

export class PairDto extends RoundIdDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  workId: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  expertId: number;
}

export class ArbitrateDto extends RoundIdDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  workId: number;
}

export class CandidatesDto extends RoundIdDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  workId: number;
}

export class SwapDto {
  @ApiProperty({ description: 'the assignment' })
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty({ description: 'the expert who takes the work over' })
  @IsInt()
  @Min(1)
  expertId: number;
}

export class LockDto {
  @ApiProperty({ description: 'the assignment' })
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty()
  @IsBoolean()
  locked: boolean;
}

export class DeclineDto {
  @ApiProperty({ description: 'the assignment' })
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(300)
  reason: string;
}

export class CompetitionIdDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  competitionId: number;
}

export class BidPageDto extends PageDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  roundId: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

export class BidSaveDto extends RoundIdDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  workId: number;

  @ApiProperty({ enum: BIDS, nullable: true, description: 'null clears the bid' })
  @ValidateIf((_, v) => v !== null)
  @IsIn(BIDS)
  bid: Bid | null;
}

export class FinalScoreDto extends RoundIdDto {
  @ApiPropertyOptional({ enum: SCORE_METHODS, description: 'default mean' })
  @IsOptional()
  @IsIn(SCORE_METHODS)
  method?: ScoreMethod;

  @ApiPropertyOptional({ description: 'trimmed mean: drop the highest and lowest from this many scores on (default 5)' })
  @IsOptional()
  @IsInt()
  @Min(3)
  @Max(50)
  trimFrom?: number;

  @ApiPropertyOptional({ description: 'calibration: works of evidence the round\'s mean and spread count as (default 3)' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  prior?: number;

  @ApiPropertyOptional({ description: 'flag works whose experts\' totals differ by more than this (default 20)' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  disputeSpread?: number;

  @ApiPropertyOptional({ description: 'compute with the submitted sheets although some are missing' })
  @IsOptional()
  @IsBoolean()
  allowMissing?: boolean;
}

export class VersionIdDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  versionId: number;
}

export class ResultPageDto extends PageDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  versionId: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  disputedOnly?: boolean;
}

export class AssignmentIdDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  assignmentId: number;
}

export class SheetFileDto extends AssignmentIdDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  fileId: number;
}

export class SheetIdDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  sheetId: number;
}

export class MyReviewPageDto extends PageDto {
  @OptionalId()
  roundId?: number;

  @ApiPropertyOptional({ enum: MY_REVIEW_STATUSES })
  @IsOptional()
  @IsIn(MY_REVIEW_STATUSES)
  status?: MyReviewStatus;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

export class SheetSaveDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  assignmentId: number;

  @ApiProperty({ type: [Number], description: 'one score per column, in column order; null for a column not scored yet (drafts)' })
  @IsArray()
  @MaxItems(MAX_COLUMNS)
  scores: (number | null)[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  comment: string = '';

  @ApiProperty({ description: 'the sheet version edited (0 when there is no sheet yet)' })
  @IsInt()
  @Min(0)
  version: number;
}

export class SheetReturnDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  sheetId: number;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  reason: string;
}

export class GroupScoresDto extends RoundIdDto {
  @OptionalId({ description: 'organisers: the group to show' })
  reviewGroupId?: number;
}

export class RemindDto extends RoundIdDto {
  @ApiPropertyOptional({ type: [Number], description: 'only these experts; absent: every expert with sheets to submit' })
  @IsOptional()
  @IsArray()
  @MaxItems(MAX_GROUP_EXPERTS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  expertIds?: number[];
}

export class RoundPagedDto extends PageDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  roundId: number;
}

export const PROMOTION_RULES = ['top', 'percent', 'score'] as const;

/** A promotion rule, flat: top `value` works, the top `value` percent, or every work scoring at least `value`. */
export class PromotionDto extends VersionIdDto {
  @ApiProperty({ enum: PROMOTION_RULES })
  @IsIn(PROMOTION_RULES)
  rule: (typeof PROMOTION_RULES)[number];

  @ApiProperty({ description: 'top: a whole number of works; percent: 0 < p <= 100; score: 0 to 100' })
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100000)
  value: number;

  @ApiPropertyOptional({ enum: PROMOTION_SCOPES, description: "who competes with whom: each event's works (default) or every work of the round" })
  @IsOptional()
  @IsIn(PROMOTION_SCOPES)
  scope?: PromotionScope;

  @ApiPropertyOptional({ description: 'at most this many works of one school per event' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10000)
  schoolCap?: number;

  @ApiProperty({ enum: ['include', 'break'], description: 'ties at the cut: all go through, or the tie-breaks decide' })
  @IsIn(['include', 'break'])
  ties: 'include' | 'break';

  @ApiPropertyOptional({ description: "ties broken first by this score column's experts' mean (0-based index in the round's columns)" })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_COLUMNS - 1)
  tieBreakColumn?: number;

  @ApiPropertyOptional({ description: "then by this round's score (a round of the same competition)" })
  @IsOptional()
  @IsInt()
  @Min(1)
  tieBreakRoundId?: number;
}

export const AWARD_RULES = ['count', 'percent', 'band'] as const;

class AwardLevelDto implements AwardLevelInput {
  @ApiProperty({ description: '特等奖, 一等奖 ...' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiPropertyOptional({ description: 'the English name: Grand prize, First prize ...' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  nameEn?: string;

  @ApiProperty({ enum: AWARD_RULES })
  @IsIn(AWARD_RULES)
  rule: (typeof AWARD_RULES)[number];

  @ApiProperty({ description: 'count: a whole number of works; percent: 0 < p <= 100; band: the lowest score, 0 to 100' })
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100000)
  value: number;
}

/** 奖励管理: a preset's name and levels (best first), as a round's award form takes them; with its id to change it. */
export class AwardPresetDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty({ description: '本科组常用, 百分比 ...' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiProperty({ type: [AwardLevelDto] })
  @IsArray()
  @ArrayMinSize(1)
  @MaxItems(10)
  @ValidateNested({ each: true })
  @Type(() => AwardLevelDto)
  levels: AwardLevelDto[];
}

/** Award levels, best first, each by a count, a percent of the event's works or a score band. */
export class AwardDto extends VersionIdDto {
  @ApiProperty({ type: [AwardLevelDto] })
  @IsArray()
  @ArrayMinSize(1)
  @MaxItems(10)
  @ValidateNested({ each: true })
  @Type(() => AwardLevelDto)
  levels: AwardLevelDto[];

  @ApiProperty({ enum: ['include', 'break'], description: "ties at a level's edge: all get it, or the tie-breaks decide" })
  @IsIn(['include', 'break'])
  ties: 'include' | 'break';

  @ApiPropertyOptional({ description: "works the round's confirmed promotion eliminated may win too" })
  @IsOptional()
  @IsBoolean()
  includeEliminated?: boolean;

  @ApiPropertyOptional({ description: "ties broken first by this score column's experts' mean (0-based index in the round's columns)" })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_COLUMNS - 1)
  tieBreakColumn?: number;

  @ApiPropertyOptional({ description: "then by this round's score (a round of the same competition)" })
  @IsOptional()
  @IsInt()
  @Min(1)
  tieBreakRoundId?: number;
}

export class PublishDto extends RoundIdDto {
  @ApiProperty({ description: 'days after publication a participant may appeal (0: none)' })
  @IsInt()
  @Min(0)
  @Max(60)
  appealDays: number;

  @ApiPropertyOptional({ description: 'why the results go out although the review is not finished (required then)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

/** 获奖列表: the published awards per round and event, of one competition or all the caller's. */
export class AwardSummaryDto extends PageDto {
  @OptionalId()
  competitionId?: number;
}

export class RewardPageDto extends PageDto {
  @OptionalId()
  competitionId?: number;

  @OptionalId()
  roundId?: number;

  @ApiPropertyOptional({ description: 'an award level name, e.g. 一等奖' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  level?: string;

  @ApiPropertyOptional({ description: 'work title, member, adviser or school' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

export class AppealCreateDto extends RoundIdDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  workId: number;

  @ApiProperty({ description: 'why the result should be reviewed again' })
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty()
  @MaxLength(1000)
  reason: string;
}

export class AppealPageDto extends PageDto {
  @OptionalId()
  roundId?: number;

  @ApiPropertyOptional({ enum: APPEAL_STATUSES })
  @IsOptional()
  @IsIn(APPEAL_STATUSES)
  status?: AppealStatus;
}

export class AppealHandleDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty({ enum: ['reject', 'rereview'] })
  @IsIn(['reject', 'rereview'])
  action: 'reject' | 'rereview';

  @ApiProperty({ description: 'the answer the participant reads (and the experts, on a re-review)' })
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty()
  @MaxLength(500)
  reply: string;
}

export class VoteOpenDto extends RoundIdDto {
  @ApiProperty()
  @IsISO8601({ strict: true })
  opensAt: string;

  @ApiProperty()
  @IsISO8601({ strict: true })
  closesAt: string;

  @ApiProperty({ description: 'works one account may vote for per day (one vote per work per day)' })
  @IsInt()
  @Min(1)
  @Max(100)
  dailyLimit: number;
}

export class VoteCastDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  windowId: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  workId: number;
}

/** A competition's current vote, or (the public work page) one work's row in the latest vote holding it. */
export class VoteBoardDto {
  @ApiPropertyOptional({ description: 'required unless workId is given' })
  @ValidateIf((o: VoteBoardDto) => o.workId === undefined)
  @NumberFromText()
  @IsInt()
  @Min(1)
  competitionId?: number;

  @OptionalId({ description: "one work's row only" })
  workId?: number;
}

export class WindowIdDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  windowId: number;
}

class RoundWeightDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  roundId: number;

  @ApiProperty({ description: 'the round\'s share, e.g. 40 (weights need not add up to 100)' })
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0.01)
  @Max(100)
  weight: number;
}

export class CompetitionScoreDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  competitionId: number;

  @ApiProperty({ type: [RoundWeightDto] })
  @IsArray()
  @ArrayMinSize(1)
  @MaxItems(10)
  @ValidateNested({ each: true })
  @Type(() => RoundWeightDto)
  weights: RoundWeightDto[];
}

/** Loads a round's works; `allSubmitted` takes every submitted work, not the works the round before promoted. */
export class RoundWorksSyncDto extends IdDto {
  @ApiPropertyOptional({ description: "every submitted work of the round's events, not only those the round before promoted" })
  @IsOptional()
  @IsBoolean()
  allSubmitted?: boolean;
}
