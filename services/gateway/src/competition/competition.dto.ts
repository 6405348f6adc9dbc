import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
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
import { MEMBER_FIELDS, ParticipationMode, WORK_FILE_TYPES, type CompetitionPhase } from '@cmp/contracts';
import { CompetitionIdQueryDto, OptionalId } from '../http/id.dto';
import { NumberFromText, PageDto } from '../http/page.dto';
import { MaxItems } from '../http/max-items';

const PHASES: CompetitionPhase[] = ['upcoming', 'enrolling', 'ongoing', 'ended'];
/** Rich text of a competition's introduction or guide; sanitised before the public site shows it. */
const MAX_HTML = 200_000;

class PageQueryDto extends PageDto {
  @ApiPropertyOptional({ description: 'matches the name' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  keyword?: string;
}

export class CompetitionPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: [0, 1, 2], description: '0 draft, 1 published, 2 archived' })
  @IsOptional()
  @NumberFromText()
  @IsIn([0, 1, 2])
  status?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(2000)
  @Max(2100)
  year?: number;
}

export class PublicPageQueryDto extends PageQueryDto {
  @OptionalId({ description: "the organisation; without it, the site of the request's host name" })
  groupId?: number;

  @ApiPropertyOptional({ enum: PHASES })
  @IsOptional()
  @IsIn(PHASES)
  phase?: CompetitionPhase;
}

export class CompetitionDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  nameEn = '';

  @ApiPropertyOptional({ description: 'dictionary value of the competition level' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  level = '';

  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(2000)
  @Max(2100)
  year: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  coverUrl = '';

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  summary = '';

  @ApiPropertyOptional({ description: 'HTML' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_HTML)
  intro = '';

  @ApiPropertyOptional({ description: 'HTML' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_HTML)
  guide = '';
}

export class CompetitionUpdateDto extends CompetitionDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  id: number;
}

/** What events and stages share: an optional id (absent adds one), names, a description and their order. */
class CompetitionPartDto extends CompetitionIdQueryDto {
  @OptionalId({ description: 'absent to add one' })
  id?: number;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  nameEn = '';

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  description = '';

  @ApiPropertyOptional()
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(0)
  @Max(10_000)
  orderNum = 0;
}

export class ItemDto extends CompetitionPartDto {
  @ApiPropertyOptional({ description: 'most sign-ups; null for no limit' })
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  quota: number | null = null;

  @ApiPropertyOptional({ description: 'entry fee in fen' })
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  feeFen = 0;
}

export class ChildIdDto extends CompetitionIdQueryDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  id: number;
}

export class StageDto extends CompetitionPartDto {
  @ApiProperty({ format: 'date-time' })
  @IsISO8601({ strict: true })
  startAt: string;

  @ApiProperty({ format: 'date-time' })
  @IsISO8601({ strict: true })
  endAt: string;
}

class SchoolQuotaDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  schoolId: number;

  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  quota: number;
}

/** A competition's optional window (sign-up, submission): both null until set. */
class WindowDto extends CompetitionIdQueryDto {
  @ApiPropertyOptional({ format: 'date-time' })
  @ValidateIf((o: WindowDto) => o.startAt !== null)
  @IsISO8601({ strict: true })
  startAt: string | null = null;

  @ApiPropertyOptional({ format: 'date-time' })
  @ValidateIf((o: WindowDto) => o.endAt !== null)
  @IsISO8601({ strict: true })
  endAt: string | null = null;
}

export class EnrollSettingDto extends WindowDto {
  @ApiProperty({ enum: Object.values(ParticipationMode), description: '1 individual, 2 team, 3 either' })
  @NumberFromText()
  @IsIn(Object.values(ParticipationMode))
  mode: 1 | 2 | 3;

  @ApiPropertyOptional()
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(1)
  @Max(50)
  teamMin = 1;

  @ApiPropertyOptional()
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(1)
  @Max(50)
  teamMax = 1;

  @ApiPropertyOptional()
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(0)
  @Max(10)
  teacherMax = 0;

  @ApiPropertyOptional({ description: 'sign-ups per school and event; null for no limit' })
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  schoolQuota: number | null = null;

  @ApiPropertyOptional({ type: [SchoolQuotaDto] })
  @IsOptional()
  @IsArray()
  @MaxItems(2000)
  @ValidateNested({ each: true })
  @Type(() => SchoolQuotaDto)
  schoolQuotas: SchoolQuotaDto[] = [];

  @ApiPropertyOptional({ enum: MEMBER_FIELDS, isArray: true })
  @IsOptional()
  @IsArray()
  @MaxItems(MEMBER_FIELDS.length)
  @IsIn(MEMBER_FIELDS, { each: true })
  requiredFields: (typeof MEMBER_FIELDS)[number][] = ['realName', 'phone', 'school'];
}

class WorkSubmitItemDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  itemId: number;

  @ApiProperty({ enum: WORK_FILE_TYPES, isArray: true })
  @IsArray()
  @ArrayMinSize(1)
  @MaxItems(WORK_FILE_TYPES.length)
  @IsIn(WORK_FILE_TYPES, { each: true })
  fileTypes: (typeof WORK_FILE_TYPES)[number][];

  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  @Max(2048)
  maxFileMb: number;

  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  @Max(20)
  maxFiles: number;
}

export class WorkSubmitSettingDto extends WindowDto {
  @ApiProperty({ type: [WorkSubmitItemDto] })
  @IsArray()
  @MaxItems(100)
  @ValidateNested({ each: true })
  @Type(() => WorkSubmitItemDto)
  items: WorkSubmitItemDto[];
}

class ScoreColumnDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  @Max(1000)
  maxScore: number;

  @ApiProperty({ description: 'percent of the round; a round adds up to 100' })
  @NumberFromText()
  @IsNumber()
  @Min(0)
  @Max(100)
  weight: number;
}

class ReviewRoundDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  @Max(20)
  expertsPerWork: number;

  @ApiProperty({ type: [ScoreColumnDto] })
  @IsArray()
  @ArrayMinSize(1)
  @MaxItems(20)
  @ValidateNested({ each: true })
  @Type(() => ScoreColumnDto)
  scoreColumns: ScoreColumnDto[];
}

export class ReviewSettingDto extends CompetitionIdQueryDto {
  @ApiProperty({ type: [ReviewRoundDto] })
  @IsArray()
  @MaxItems(5)
  @ValidateNested({ each: true })
  @Type(() => ReviewRoundDto)
  rounds: ReviewRoundDto[];
}

export class SiteQueryDto {
  @OptionalId({ description: "the organisation; without it, the site of the request's host name" })
  groupId?: number;
}
