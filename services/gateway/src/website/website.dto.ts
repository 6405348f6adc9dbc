import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { TEMPLATE_TYPES, type TemplateType } from '@cmp/contracts';

export class WebsiteQueryDto {
  @ApiPropertyOptional({ description: "the organisation; without it, the site is chosen by the request's host name" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  groupId?: number;
}

class NavigationChildDto {
  @ApiProperty()
  @IsString()
  @MaxLength(200)
  path: string;

  @ApiProperty()
  @IsString()
  @MaxLength(64)
  dictValue: string;

  @ApiProperty()
  @IsString()
  @MaxLength(50)
  name: string;
}

class NavigationSettingDto {
  @ApiProperty()
  @IsString()
  @MaxLength(50)
  name: string;

  @ApiProperty()
  @IsString()
  @MaxLength(64)
  tem: string;

  @ApiProperty({ type: [NavigationChildDto] })
  @IsArray()
  @ArrayMaxSize(30)
  @ValidateNested({ each: true })
  @Type(() => NavigationChildDto)
  children: NavigationChildDto[];
}

export class WebsiteSaveDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  groupId: number;

  @ApiProperty({ enum: TEMPLATE_TYPES })
  @IsIn([...TEMPLATE_TYPES])
  templateType: TemplateType;

  @ApiProperty()
  @IsString()
  @MaxLength(2000)
  description: string;

  @ApiProperty({ type: [NavigationSettingDto] })
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => NavigationSettingDto)
  navigationSettings: NavigationSettingDto[];
}
