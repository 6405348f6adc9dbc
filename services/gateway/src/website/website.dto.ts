import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min, ValidateBy, ValidateNested } from 'class-validator';
import { isSiteLink, TEMPLATE_TYPES, type TemplateType, MAX_BANNERS } from '@cmp/contracts';
import { OptionalId } from '../http/id.dto';
import { MaxItems } from '../http/max-items';

export class WebsiteQueryDto {
  @OptionalId({ description: "the organisation; without it, the site is chosen by the request's host name" })
  groupId?: number;
}

/** An http(s) address or a path of the site: the one check the web's rendering uses too (contracts' isSiteLink). */
const IsSiteLink = () => ValidateBy({ name: 'isSiteLink', validator: { validate: (v: unknown) => isSiteLink(v) } });

class NavigationChildDto {
  @ApiProperty({ description: 'a path of the site (starting with a single /) or an http(s) address' })
  @IsString()
  @IsSiteLink()
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

class BannerDto {
  @ApiProperty({ description: 'an uploaded image (/prod-api/...) or an https address' })
  @IsString()
  @Matches(/^(\/prod-api\/|https:\/\/)\S+$/)
  @MaxLength(500)
  imageUrl: string;

  @ApiProperty()
  @IsString()
  @MaxLength(100)
  title: string;

  @ApiProperty({ description: 'a path of the site (/home/...) or an https address; empty for none' })
  @IsString()
  @Matches(/^$|^\/home\/\S*$|^https:\/\/\S+$/)
  @MaxLength(500)
  link: string;
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
  @MaxItems(30)
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
  @IsIn(TEMPLATE_TYPES)
  templateType: TemplateType;

  @ApiProperty()
  @IsString()
  @MaxLength(2000)
  description: string;

  @ApiProperty({ type: [NavigationSettingDto] })
  @IsArray()
  @MaxItems(20)
  @ValidateNested({ each: true })
  @Type(() => NavigationSettingDto)
  navigationSettings: NavigationSettingDto[];

  @ApiPropertyOptional({ type: [BannerDto], description: 'absent keeps the banners as they are' })
  @IsOptional()
  @IsArray()
  @MaxItems(MAX_BANNERS)
  @ValidateNested({ each: true })
  @Type(() => BannerDto)
  banners?: BannerDto[];
}

/** 网站横幅: an organisation's banners, in the order they slide. */
export class BannersSaveDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  groupId: number;

  @ApiProperty({ type: [BannerDto] })
  @IsArray()
  @MaxItems(MAX_BANNERS)
  @ValidateNested({ each: true })
  @Type(() => BannerDto)
  banners: BannerDto[];
}
