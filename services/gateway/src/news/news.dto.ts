import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { MAX_PAGE_SIZE, NEWS_CATEGORIES, NEWS_CONTENT_MAX, NEWS_STATUSES, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX, type NewsStatus } from '@cmp/contracts';
import { OptionalId } from '../http/id.dto';
import { NumberFromText, PageDto, queryBoolean } from '../http/page.dto';
import { MaxItems } from '../http/max-items';

class NewsFilterDto extends PageDto {
  @ApiPropertyOptional({ description: 'matches title, summary or text' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @ApiPropertyOptional({ enum: NEWS_CATEGORIES })
  @IsOptional()
  @NumberFromText()
  @IsIn(NEWS_CATEGORIES)
  category?: number;

  @OptionalId()
  competitionId?: number;
}

export class NewsPageQueryDto extends NewsFilterDto {
  @ApiPropertyOptional({ enum: NEWS_STATUSES })
  @IsOptional()
  @IsIn(NEWS_STATUSES)
  status?: NewsStatus;

  @OptionalId()
  groupId?: number;

  @ApiPropertyOptional({ description: "only the caller's own items" })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  mine?: boolean;
}

export class PublicNewsPageQueryDto extends NewsFilterDto {
  @OptionalId({ description: "the organisation's site; without it, the request's host name picks it" })
  groupId?: number;
}

export class NewsSaveDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  groupId?: number;

  @ApiProperty({ maxLength: NEWS_TITLE_MAX })
  @IsString()
  @Matches(/\S/, { message: '$property must not be empty' })
  @MaxLength(NEWS_TITLE_MAX)
  title: string;

  @ApiPropertyOptional({ maxLength: NEWS_SUMMARY_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(NEWS_SUMMARY_MAX)
  summary?: string;

  @ApiPropertyOptional({ description: 'an uploaded image (/prod-api/file/images/…) or an http(s) address' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null && v !== '')
  @IsString()
  @MaxLength(500)
  @Matches(/^(\/prod-api\/file\/images\/[0-9a-f]{32}\.[a-z]+|https?:\/\/\S+)$/, { message: '$property must be an uploaded image or an http(s) address' })
  coverUrl?: string | null;

  @ApiProperty({ description: 'HTML; sanitised by the server against an allow-list' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(NEWS_CONTENT_MAX)
  content: string;

  @ApiProperty({ enum: NEWS_CATEGORIES, description: '1 news list, 2 previous works, 3 competition info, 4 competition guide, 5 operating manual' })
  @IsIn(NEWS_CATEGORIES)
  category: number;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  competitionId?: number | null;

  @ApiPropertyOptional({ description: 'pinned to the top of lists (organisers only)' })
  @IsOptional()
  @IsBoolean()
  top?: boolean;

  @ApiPropertyOptional({ description: 'publish (or submit for approval) instead of keeping a draft' })
  @IsOptional()
  @IsBoolean()
  publish?: boolean;
}

export class NewsUpdateDto extends NewsSaveDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;
}

export class NewsCheckDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty({ description: 'true publishes, false rejects (with a reason)' })
  @IsBoolean()
  approve: boolean;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

export class NewsCollectDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty({ description: 'true adds to favourites, false removes' })
  @IsBoolean()
  collect: boolean;
}

export class SubscriptionSaveDto {
  @ApiPropertyOptional({ description: "the organisation whose categories are followed; defaults to the caller's" })
  @IsOptional()
  @IsInt()
  @Min(1)
  groupId?: number;

  @ApiProperty({ type: [Number] })
  @IsArray()
  @MaxItems(100)
  @IsInt({ each: true })
  @Min(1, { each: true })
  competitionIds: number[];

  @ApiProperty({ type: [Number], enum: NEWS_CATEGORIES })
  @IsArray()
  @MaxItems(5)
  @IsIn(NEWS_CATEGORIES, { each: true })
  categories: number[];
}

export class MessagePageQueryDto extends PageDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  read?: boolean;
}

export class IdsDto {
  @ApiProperty({ type: [Number] })
  @IsArray()
  @MaxItems(MAX_PAGE_SIZE)
  @IsInt({ each: true })
  @Min(1, { each: true })
  ids: number[];
}
