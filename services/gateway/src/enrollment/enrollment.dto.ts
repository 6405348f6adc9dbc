import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
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
  ValidateNested,
} from 'class-validator';
import { PayStatus } from '@cmp/contracts';
import { IdDto, OptionalId } from '../http/id.dto';
import { NumberFromText, PageDto } from '../http/page.dto';
import { MaxItems } from '../http/max-items';

/**
 * Shapes only: what a field's type and length must be. The enrollment service judges meaning (identity
 * numbers with the shared helper, phone and email, required fields, windows, quotas).
 */
export class ProfileDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(50)
  realName?: string;

  @ApiPropertyOptional({ enum: [1, 2], description: 'taken from the identity number when one is given' })
  @IsOptional()
  @IsIn([1, 2])
  gender?: 1 | 2;

  @ApiPropertyOptional({ description: '18 characters (spec section 5)' })
  @IsOptional()
  @IsString()
  @MaxLength(30)
  idNumber?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(20)
  phone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  email?: string;

  @OptionalId({ description: 'id from /home/school/page' })
  schoolId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  schoolName?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  college?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  major?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(30)
  studentNo?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(20)
  grade?: string;
}

class TeacherDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(20)
  phone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  email?: string;
}

export class SignUpDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  competitionId: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  itemId: number;

  @ApiProperty({ enum: [1, 2], description: '1 individual, 2 team' })
  @IsIn([1, 2])
  type: 1 | 2;

  @ApiPropertyOptional({ description: 'required for a team' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  teamName?: string;

  @ApiProperty({ type: ProfileDto })
  @ValidateNested()
  @Type(() => ProfileDto)
  profile: ProfileDto;

  @ApiPropertyOptional({ type: [TeacherDto] })
  @IsOptional()
  @IsArray()
  @MaxItems(10)
  @ValidateNested({ each: true })
  @Type(() => TeacherDto)
  teachers?: TeacherDto[];
}

export class IdBodyDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;
}

export class MySignupsQueryDto {
  @OptionalId({ description: 'only this competition (the public page asks whether the visitor signed up)' })
  competitionId?: number;
}

export class CopyDto {
  @ApiProperty({ description: 'the earlier sign-up, of which the caller is captain' })
  @IsInt()
  @Min(1)
  fromId: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  competitionId: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  itemId: number;
}

export class TeachersDto extends IdBodyDto {
  @ApiProperty({ type: [TeacherDto] })
  @IsArray()
  @MaxItems(10)
  @ValidateNested({ each: true })
  @Type(() => TeacherDto)
  teachers: TeacherDto[];
}

const INVITE = /^[0-9a-f]{32}$/;

export class JoinDto {
  @ApiProperty({ description: 'from the invitation link' })
  @IsString()
  @Matches(INVITE)
  inviteCode: string;

  @ApiPropertyOptional({ type: ProfileDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ProfileDto)
  profile?: ProfileDto;
}

export class MemberDto extends IdBodyDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  userId: number;
}

/** A member of a sign-up, in a query string. */
export class MemberQueryDto extends IdDto {
  @ApiProperty({ description: 'the member (user id)' })
  @NumberFromText()
  @IsInt()
  @Min(1)
  userId: number;
}

export class MemberProfileDto extends IdBodyDto {
  @ApiProperty({ type: ProfileDto })
  @ValidateNested()
  @Type(() => ProfileDto)
  profile: ProfileDto;
}

export class TeamMembersQueryDto {
  @OptionalId({ description: 'the sign-up (members and organisers)' })
  id?: number;

  @ApiPropertyOptional({ description: 'or the invitation code (anyone logged in: the team, event and masked names)' })
  @IsOptional()
  @IsString()
  @Matches(INVITE)
  inviteCode?: string;
}

export class InvitationQueryDto {
  @ApiProperty({ description: 'from the invitation link' })
  @IsString()
  @Matches(INVITE)
  inviteCode: string;
}

export class PublicMembersQueryDto extends PageDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  competitionId: number;

  @OptionalId()
  itemId?: number;
}

export class SignupFilterDto {
  @OptionalId()
  competitionId?: number;

  @OptionalId()
  itemId?: number;

  @OptionalId()
  schoolId?: number;

  @ApiPropertyOptional({ description: 'the school as typed (sign-ups without a school id)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  schoolName?: string;

  @ApiPropertyOptional({ enum: [0, 1, 2, 3], description: '0 pending, 1 approved, 2 rejected, 3 withdrawn' })
  @IsOptional()
  @NumberFromText()
  @IsIn([0, 1, 2, 3])
  status?: number;

  @ApiPropertyOptional({ enum: Object.values(PayStatus), description: '0 free, 1 unpaid, 2 paid, 3 refunded' })
  @IsOptional()
  @NumberFromText()
  @IsIn(Object.values(PayStatus))
  payStatus?: number;

  @ApiPropertyOptional({ enum: [1, 2], description: '1 individual, 2 team' })
  @IsOptional()
  @NumberFromText()
  @IsIn([1, 2])
  type?: number;

  @ApiPropertyOptional({ description: 'team, school, member name or account' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  keyword?: string;
}

/** The filters with paging (pageNum, pageSize validated first, as the list has always answered). */
export class SignupPageDto extends IntersectionType(PageDto, SignupFilterDto) {}

export class CheckDto extends IdBodyDto {
  @ApiProperty({ description: 'true approves, false rejects' })
  @IsBoolean()
  approve: boolean;

  @ApiPropertyOptional({ description: 'required when rejecting' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  reason?: string;

  @ApiPropertyOptional({ description: "rejecting a paid sign-up: why the fee is kept (the competition's rules); without it the fee is refunded in full" })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  keepFeeReason?: string;
}

export class WorkSaveDto {
  @ApiPropertyOptional({ description: "absent: create the sign-up's work" })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  signupId: number;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  title: string;

  @ApiProperty()
  @IsString()
  @MaxLength(5000)
  summary: string;
}

export class WorkIdQueryDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  workId: number;
}

export class WorkFileDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  workId: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  fileId: number;
}

export class FileQueryDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  fileId: number;

  @ApiPropertyOptional({ description: "a work's share id: lets anyone holding the share link download" })
  @IsOptional()
  @IsString()
  @Matches(INVITE)
  shareId?: string;
}

export class ShareQueryDto {
  @ApiProperty()
  @IsString()
  @Matches(INVITE)
  shareId: string;
}

export class WorkPageDto extends PageDto {
  @OptionalId()
  competitionId?: number;

  @OptionalId()
  itemId?: number;

  @ApiPropertyOptional({ enum: [0, 1], description: '0 draft, 1 submitted' })
  @IsOptional()
  @NumberFromText()
  @IsIn([0, 1])
  status?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(50)
  keyword?: string;
}

export class PublishDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  competitionId: number;

  @ApiProperty()
  @IsBoolean()
  published: boolean;
}

export class MessageReadDto {
  @ApiPropertyOptional({ type: [Number], description: 'none: all' })
  @IsOptional()
  @IsArray()
  @MaxItems(100)
  @IsInt({ each: true })
  ids?: number[];
}

/** Shape only; the enrollment service checks the number (digits, 12–19 of them, Luhn) and says what is wrong. */
export class BankCardSaveDto {
  @ApiProperty()
  @IsString()
  @MaxLength(50)
  accountName: string;

  @ApiProperty()
  @IsString()
  @MaxLength(100)
  bankName: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  branch?: string;

  @ApiProperty({ description: 'digits only (spaces allowed), 12 to 19, Luhn check; stored encrypted, never sent back whole' })
  @IsString()
  @MaxLength(40)
  cardNumber: string;
}
