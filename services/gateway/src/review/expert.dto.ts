import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsArray,
  IsBoolean,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  CONFLICT_KINDS,
  EXPERT_LIST_MAX,
  EXPERT_MESSAGE_MAX,
  EXPERT_SOURCES,
  PHONE_PATTERN,
  TEMPORARY_EXPERTS_MAX,
  type ApplicationStatus,
  type ConflictKind,
  type ExpertSource,
  type ExpertStatus,
  type RecommendationStatus,
} from '@cmp/contracts';
import { OptionalId } from '../http/id.dto';
import { NumberFromText, PageDto, queryBoolean } from '../http/page.dto';
import { Transform } from 'class-transformer';
import { MaxItems } from '../http/max-items';

const STATUSES = ['active', 'disabled'];

export class ExpertPageQueryDto extends PageDto {
  @ApiPropertyOptional({ description: 'matches name, phone, unit, title, account, subjects and keywords' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  keyword?: string;

  @ApiPropertyOptional({ enum: EXPERT_SOURCES })
  @IsOptional()
  @IsIn(EXPERT_SOURCES)
  source?: ExpertSource;

  @ApiPropertyOptional({ enum: STATUSES })
  @IsOptional()
  @IsIn(STATUSES)
  status?: ExpertStatus;

  @OptionalId({ description: 'temporary experts of one competition' })
  competitionId?: number;
}

/** The profile fields shared by the library form and the public application. */
export class ExpertProfileDto {
  @ApiProperty({ example: '李明' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiPropertyOptional({ example: '教授' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  title?: string;

  @ApiPropertyOptional({ example: '华东示范大学计算机学院' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  unit?: string;

  @ApiPropertyOptional({ example: 'liming@example.edu' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  email?: string;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @MaxItems(EXPERT_LIST_MAX)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  subjects?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @MaxItems(EXPERT_LIST_MAX)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  keywords?: string[];
}

export class ExpertSaveDto extends ExpertProfileDto {
  @ApiPropertyOptional({ description: 'absent to add an expert' })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiPropertyOptional({ description: 'required to add (the account is linked or created by phone); not changed afterwards', example: '13900000001' })
  @IsOptional()
  @Matches(PHONE_PATTERN)
  phone?: string;

  @ApiPropertyOptional({ type: [Number], description: 'events (competition items) the expert can judge' })
  @IsOptional()
  @IsArray()
  @MaxItems(EXPERT_LIST_MAX)
  @IsInt({ each: true })
  @Min(1, { each: true })
  itemIds?: number[];

  @ApiPropertyOptional({ enum: STATUSES })
  @IsOptional()
  @IsIn(STATUSES)
  status?: ExpertStatus;
}

export class ExpertStatusDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty({ enum: STATUSES })
  @IsIn(STATUSES)
  status: ExpertStatus;
}

export class ConflictDto {
  @ApiProperty({ enum: CONFLICT_KINDS })
  @IsIn(CONFLICT_KINDS)
  kind: ConflictKind;

  @ApiProperty({ description: 'a school name, a person (name or phone) or a work (id or title)', example: '西部测试大学' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  value: string;

  @ApiPropertyOptional({ example: '曾在该校任职' })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  reason?: string;
}

export class TemporaryExpertsDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  competitionId: number;

  @ApiProperty({ minimum: 1, maximum: TEMPORARY_EXPERTS_MAX })
  @IsInt()
  @Min(1)
  @Max(TEMPORARY_EXPERTS_MAX)
  count: number;

  @ApiPropertyOptional({ example: '现场评委' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  namePrefix?: string;
}

export class RecruitCallDto {
  @ApiPropertyOptional({ description: 'absent to open a call' })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty({ example: '2026 创新大赛评审专家招募' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  title: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string;

  @ApiProperty({ example: '2026-12-31T16:00:00.000Z' })
  @IsDateString()
  closesAt: string;
}

export class RecruitApplyDto extends ExpertProfileDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  callId: number;

  @ApiProperty({ example: '13900000001' })
  @Matches(PHONE_PATTERN)
  phone: string;

  @ApiProperty({ description: 'the name the CV upload answered' })
  @IsString()
  @Matches(/^[0-9a-f]{32}\.(pdf|docx)$/)
  cvKey: string;

  @ApiProperty({ example: '李明简历.pdf' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  cvName: string;
}

export class ApplicationPageQueryDto extends PageDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  callId: number;

  @ApiPropertyOptional({ enum: ['pending', 'approved', 'rejected'] })
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected'])
  status?: ApplicationStatus;
}

export class DecisionDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty()
  @IsBoolean()
  approve: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(300)
  note?: string;
}

export class RecommendDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  expertId: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(300)
  note?: string;
}

export class RecommendPageQueryDto extends PageDto {
  @ApiProperty({ enum: ['in', 'out'] })
  @IsIn(['in', 'out'])
  direction: 'in' | 'out';

  @ApiPropertyOptional({ enum: ['pending', 'accepted', 'declined'] })
  @IsOptional()
  @IsIn(['pending', 'accepted', 'declined'])
  status?: RecommendationStatus;
}

export class RecommendDecisionDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty()
  @IsBoolean()
  accept: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(300)
  note?: string;
}


export class ExpertWorkloadQueryDto extends PageDto {
  @ApiPropertyOptional({ description: "part of the expert's name, unit or phone" })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  keyword?: string;

  @ApiPropertyOptional({ description: "figures from this competition's rounds only" })
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(1)
  competitionId?: number;

  @ApiPropertyOptional({ enum: STATUSES })
  @IsOptional()
  @IsIn(STATUSES)
  status?: ExpertStatus;

  @ApiPropertyOptional({ description: 'only experts flagged out of line in their latest calculation' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  outlier?: boolean;
}

export class ExpertMessageDto {
  @ApiProperty({ type: [Number] })
  @IsArray()
  @MaxItems(500)
  @IsInt({ each: true })
  @Min(1, { each: true })
  ids: number[];

  @ApiProperty()
  @IsString()
  @Matches(/\S/)
  @MaxLength(EXPERT_MESSAGE_MAX)
  text: string;
}
