import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { DICT_TYPE_PATTERN, DICT_VALUE_PATTERN, SCHOOL_CODE_PATTERN } from '@cmp/contracts';
import { OptionalId } from '../http/id.dto';
import { NumberFromText, PageDto, queryBoolean } from '../http/page.dto';

export class SchoolPublicQueryDto extends PageDto {
  @ApiPropertyOptional({ description: 'matches the Chinese or English name or the code' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ example: '330000' })
  @IsOptional()
  @IsString()
  @MaxLength(6)
  provinceCode?: string;
}

export class SchoolPageQueryDto extends SchoolPublicQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  enabled?: boolean;
}

export class SchoolSaveDto {
  @ApiPropertyOptional({ description: 'absent to add a school' })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty({ example: '华东示范大学' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiPropertyOptional({ example: 'East China Demonstration University' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  nameEn?: string;

  @ApiProperty({ example: '10269' })
  @IsString()
  @Matches(SCHOOL_CODE_PATTERN)
  code: string;

  @ApiProperty({ example: '310000' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(6)
  provinceCode: string;

  @ApiProperty({ description: 'a value of the school_type dictionary', example: '1' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  schoolType: string;

  @ApiPropertyOptional({ description: "the managing organisation; the caller's own by default" })
  @IsOptional()
  @IsInt()
  @Min(1)
  groupId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class StatusDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty()
  @IsBoolean()
  enabled: boolean;
}

export class SchoolIdQueryDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  schoolId: number;
}

export class CollegeIdQueryDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  collegeId: number;
}

export class CollegePageQueryDto extends PageDto {
  @OptionalId()
  schoolId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;
}

export class MajorPageQueryDto extends CollegePageQueryDto {
  @OptionalId()
  collegeId?: number;
}

class NamedSaveDto {
  @ApiPropertyOptional({ description: 'absent to add' })
  @IsOptional()
  @IsInt()
  @Min(1)
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
  nameEn?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(32)
  code?: string | null;

  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(9999)
  sort?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class CollegeSaveDto extends NamedSaveDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  schoolId: number;
}

export class MajorSaveDto extends NamedSaveDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  collegeId: number;

  @ApiPropertyOptional({ type: String, description: 'a value of the education_level dictionary', nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(64)
  educationLevel?: string | null;
}

export class DictTypeQueryDto {
  @ApiProperty({ example: 'news_category' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  dictType: string;
}

export class DictTypeSaveDto {
  @ApiPropertyOptional({ description: 'absent to add' })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty({ example: 'award_level', description: 'lower-case letters, digits and _' })
  @IsString()
  @Matches(DICT_TYPE_PATTERN)
  type: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  nameEn?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  remark?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class DictItemSaveDto {
  @ApiPropertyOptional({ description: 'absent to add' })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  dictType: string;

  @ApiProperty({ description: 'letters, digits and _ . -' })
  @IsString()
  @Matches(DICT_VALUE_PATTERN)
  value: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  label: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  labelEn: string;

  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(9999)
  sort?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}
