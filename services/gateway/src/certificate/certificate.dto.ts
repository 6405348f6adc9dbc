import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { APPROVED_IDS_LIMIT, CERT_STATUSES, CERTIFICATE_TEMPLATE_CATEGORIES, NUMBERING_VARIANTS, PICK_MODES, type NumberingVariant, type PickMode } from '@cmp/contracts';
import { OptionalId } from '../http/id.dto';
import { NumberFromText, PageDto, queryBoolean } from '../http/page.dto';
import { MaxItems } from '../http/max-items';

class NumberingDto {
  @ApiProperty({ enum: NUMBERING_VARIANTS })
  @IsIn(NUMBERING_VARIANTS)
  variant: NumberingVariant;

  @ApiPropertyOptional({ example: 'ZS2026-' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  prefix?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(20)
  suffix?: string;
}

export class TemplateSaveDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ enum: CERTIFICATE_TEMPLATE_CATEGORIES.map((c) => c.id) })
  @IsIn(CERTIFICATE_TEMPLATE_CATEGORIES.map((c) => c.id))
  category: string;

  @ApiProperty({ description: 'CertificateDesign (services/contracts/src/certificate-design.ts)' })
  @IsObject()
  design: Record<string, unknown>;

  @ApiProperty({ type: NumberingDto })
  @ValidateNested()
  @Type(() => NumberingDto)
  numbering: NumberingDto;
}

export class TemplateUpdateDto extends TemplateSaveDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  id: number;
}

export class TemplatePageDto extends PageDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(50)
  category?: string;
}

export class SealSaveDto {
  @ApiProperty({ example: '/prod-api/file/images/0123456789abcdef0123456789abcdef.png' })
  @IsString()
  @MaxLength(300)
  imageUrl: string;
}

export class BatchAddDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  templateId: number;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @OptionalId()
  competitionId?: number;

  @OptionalId()
  itemId?: number;

  @ApiProperty({ description: 'the issuing organisation as printed and shown on the trace page' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  issuerName: string;

  @ApiPropertyOptional({ type: NumberingDto, description: "default: the template's scheme" })
  @IsOptional()
  @ValidateNested()
  @Type(() => NumberingDto)
  numbering?: NumberingDto;
}

export class BatchPageDto extends PageDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(10)
  status?: string;
}

export class BatchIdDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  batchId: number;
}

export class PreviewQueryDto extends BatchIdDto {
  @ApiPropertyOptional({ default: 3, description: 'how many winners with the longest texts (1 to 10)' })
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(1)
  count?: number;
}

class RecipientDto {
  @ApiProperty({ example: '张三' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  holderName: string;

  @ApiPropertyOptional({ description: "the holder's account: the certificate appears in their personal centre" })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  username?: string;

  @ApiPropertyOptional({ example: '一等奖' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  awardName?: string;

  @ApiProperty({ description: 'text binding codes to values, e.g. { school, student, teacher, workName }' })
  @IsObject()
  values: Record<string, string>;
}

export class RecipientsAddDto extends BatchIdDto {
  @ApiProperty({ type: [RecipientDto] })
  @IsArray()
  @MaxItems(10000)
  @ValidateNested({ each: true })
  @Type(() => RecipientDto)
  recipients: RecipientDto[];
}

export class RecipientsFromSignupsDto extends BatchIdDto {
  @ApiProperty({ type: [Number], description: "approved sign-ups of the batch's competition" })
  @IsArray()
  @ArrayMinSize(1)
  @MaxItems(APPROVED_IDS_LIMIT)
  @IsInt({ each: true })
  @Min(1, { each: true })
  signupIds: number[];

  @ApiProperty({ example: '一等奖', description: 'the award on every certificate (not needed with useAwardLevel)' })
  @ValidateIf((o: RecipientsFromSignupsDto) => o.useAwardLevel !== true)
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  awardName: string;

  @ApiProperty({ enum: PICK_MODES, description: 'signup: one certificate per team (or individual); member: one per member' })
  @IsIn(PICK_MODES)
  per: PickMode;

  @ApiPropertyOptional({ description: "each sign-up's published award level as its award name" })
  @IsOptional()
  @IsBoolean()
  useAwardLevel?: boolean;

  @ApiPropertyOptional({ description: "with useAwardLevel: the level of this published round (by default each sign-up's latest)" })
  @IsOptional()
  @IsInt()
  @Min(1)
  roundId?: number;
}

export class BatchSignupsDto extends PageDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  batchId: number;

  @OptionalId({ description: 'one event of the competition' })
  itemId?: number;

  @ApiPropertyOptional({ description: 'team, school, member name or account' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @ApiPropertyOptional({ description: "only the published winners of the competition's review rounds" })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  published?: boolean;

  @ApiPropertyOptional({ description: "with published: only this round's winners (one of batch/publishedRounds)" })
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(1)
  roundId?: number;

  @ApiPropertyOptional({ type: [String], description: 'with roundId: only these award levels (repeat the parameter; all when left out)' })
  @IsOptional()
  // One value arrives as a string, a repeated parameter as a list.
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value))
  @IsArray()
  @MaxItems(50)
  @IsString({ each: true })
  @MaxLength(50, { each: true })
  levels?: string[];
}

export class CertificatePageDto extends PageDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  batchId: number;

  @ApiPropertyOptional({ enum: CERT_STATUSES })
  @IsOptional()
  @IsIn(CERT_STATUSES)
  status?: string;

  @ApiPropertyOptional({ description: 'holder name, account or number' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

export class CertificateSearchDto extends PageDto {
  @ApiProperty({ description: 'part of a holder name, account or certificate number' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  keyword: string;
}

export class RevokeDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  reason: string;
}

export class ReissueDto {
  @ApiProperty({ description: 'the revoked certificate' })
  @NumberFromText()
  @IsInt()
  @Min(1)
  id: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  holderName?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  username?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(50)
  awardName?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsObject()
  values?: Record<string, string>;
}

export class TraceQueryDto {
  @ApiProperty({ description: 'the token in the QR code' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/)
  token: string;
}
