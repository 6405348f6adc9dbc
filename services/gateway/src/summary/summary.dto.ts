import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMinSize, IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { SUMMARY_MAX_TARGETS, SUMMARY_STATES, type SummaryRecordState, type SummaryState } from '@cmp/contracts';
import { IdDto, OptionalId } from '../http/id.dto';
import { MaxItems } from '../http/max-items';
import { NumberFromText, PageDto, queryBoolean } from '../http/page.dto';

export class SummaryRequirementQueryDto extends PageDto {
  @ApiPropertyOptional({ description: 'part of the title' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @OptionalId()
  competitionId?: number;
}

/** A template this gateway stored (/summary/template/upload). */
export class SummaryStoredFileDto {
  @ApiProperty()
  @IsString()
  @Matches(/^[0-9a-f]{32}\.[a-z0-9]{1,8}$/)
  key: string;

  @ApiProperty()
  @IsString()
  @Matches(/\S/)
  @MaxLength(200)
  name: string;

  @ApiProperty()
  @IsInt()
  @Min(0)
  size: number;
}

export class SummarySaveDto {
  @OptionalId()
  id?: number;

  @OptionalId({ nullable: true })
  competitionId?: number | null;

  @ApiProperty()
  @IsString()
  @Matches(/\S/)
  @MaxLength(100)
  title: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @ApiProperty({ description: 'ISO 8601 instant' })
  @IsISO8601({ strict: true })
  deadline: string;

  @ApiPropertyOptional({ type: SummaryStoredFileDto, nullable: true, description: 'absent keeps the template, null removes it' })
  @IsOptional()
  @ValidateNested()
  @Type(() => SummaryStoredFileDto)
  template?: SummaryStoredFileDto | null;

  @ApiProperty({ type: [Number] })
  @ArrayMinSize(1)
  @MaxItems(SUMMARY_MAX_TARGETS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  targetGroupIds: number[];
}

export class SummaryRecordQueryDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  requirementId: number;

  @ApiPropertyOptional({ enum: ['missing', ...SUMMARY_STATES] })
  @IsOptional()
  @IsIn(['missing', ...SUMMARY_STATES])
  state?: SummaryRecordState;

  @ApiPropertyOptional({ description: "part of an organisation's name" })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

export class SummaryReviewDto extends IdDto {
  @ApiProperty({ description: 'the attempt read (SummarySubmission.attempts)' })
  @IsInt()
  @Min(1)
  attempts: number;

  @ApiProperty({ enum: ['accept', 'return'] })
  @IsIn(['accept', 'return'])
  decision: 'accept' | 'return';

  @ApiPropertyOptional({ description: 'required when returning' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  comment?: string;
}

export class SummarySubmissionQueryDto extends SummaryRequirementQueryDto {
  @ApiPropertyOptional({ enum: SUMMARY_STATES })
  @IsOptional()
  @IsIn(SUMMARY_STATES)
  state?: SummaryState;
}

export class SummaryTaskQueryDto extends PageDto {
  @ApiPropertyOptional({ description: 'part of the title' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @ApiPropertyOptional({ description: 'only those still to hand in' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  todo?: boolean;
}

export class SummaryUploadQueryDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  requirementId: number;
}
