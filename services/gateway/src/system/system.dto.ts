import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import { GROUP_KINDS, PHONE_PATTERN, TRIAL_SIZES, TRIAL_STATES, USERNAME_PATTERN, type GroupKind, type TrialSize, type TrialState } from '@cmp/contracts';
import { IdDto, OptionalId } from '../http/id.dto';
import { NumberFromText, PageDto } from '../http/page.dto';
import { MaxItems } from '../http/max-items';
import { LoginCodeDto } from '../auth/auth.dto';

export class UserPageQueryDto extends PageDto {
  @ApiPropertyOptional({ description: 'matches account, name or phone' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  keyword?: string;

  @ApiPropertyOptional({ enum: [0, 1] })
  @IsOptional()
  @NumberFromText()
  @IsIn([0, 1])
  status?: number;

  @OptionalId()
  groupId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  roleKey?: string;
}

export class UserAddDto {
  @ApiProperty({ example: 'zhangsan' })
  @IsString()
  @Matches(USERNAME_PATTERN)
  username: string;

  @ApiProperty({ example: '张三' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  realName: string;

  @ApiProperty({ example: 'Passw0rd!' })
  @IsString()
  @MaxLength(64)
  password: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(PHONE_PATTERN)
  phone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsEmail()
  @MaxLength(100)
  email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  groupId?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  deptId?: number;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @MaxItems(20)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  roleKeys?: string[];
}

export class UserProfileDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  realName?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null && v !== '')
  @IsString()
  @Matches(PHONE_PATTERN)
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null && v !== '')
  @IsEmail()
  @MaxLength(100)
  email?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(300)
  avatar?: string | null;
}

export class UserUpdateDto extends UserProfileDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  id: number;

  @ApiPropertyOptional({ enum: [0, 1] })
  @IsOptional()
  @IsIn([0, 1])
  status?: number;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  deptId?: number | null;
}

export class UserRoleSetDto extends IdDto {
  @ApiProperty({ type: [String] })
  @IsArray()
  @MaxItems(20)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  roleKeys: string[];
}

export class UserPasswordDto {
  @ApiPropertyOptional({ description: 'another user, for an administrator reset' })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiPropertyOptional({ description: 'required when changing your own password' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  oldPassword?: string;

  @ApiProperty()
  @IsString()
  @MaxLength(64)
  newPassword: string;
}

export class RoleSaveDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty()
  @IsString()
  @Matches(/^[A-Za-z][A-Za-z0-9_:-]{0,63}$/)
  key: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ type: [String] })
  @IsArray()
  @MaxItems(200)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  permissions: string[];

  @ApiProperty({ type: [Number] })
  @IsArray()
  @MaxItems(2000)
  @IsInt({ each: true })
  menuIds: number[];
}

export class MenuSaveDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  menuId?: number;

  @ApiProperty({ type: Number, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  parentId: number | null;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  menuName: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  menuNameEn: string;

  @ApiProperty({ enum: [1, 2, 4] })
  @IsIn([1, 2, 4])
  menuType: 1 | 2 | 4;

  @ApiProperty()
  @IsString()
  @Matches(/^[A-Za-z0-9_\-/:]{1,200}$/)
  path: string;

  @ApiProperty({ type: String, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(200)
  component: string | null;

  @ApiProperty({ type: String, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(500)
  query: string | null;

  @ApiProperty({ type: String, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(64)
  icon: string | null;

  @ApiProperty({ enum: [0, 1] })
  @IsIn([0, 1])
  visible: 0 | 1;

  @ApiProperty()
  @IsInt()
  @Min(0)
  @Max(100000)
  orderNum: number;
}

export class DeptSaveDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  groupId?: number;

  @ApiProperty({ type: Number, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  parentId: number | null;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty()
  @IsInt()
  @Min(0)
  @Max(100000)
  orderNum: number;
}

export class GroupSaveDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{2,64}$/)
  code: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiPropertyOptional({ description: 'the English name, shown on the public site in English' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  nameEn?: string;

  @ApiProperty({ type: Number, nullable: true })
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  parentId: number | null;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @MaxItems(20)
  @Matches(/^[a-z0-9.-]{1,253}$/i, { each: true })
  hosts?: string[];

  @ApiPropertyOptional({ enum: GROUP_KINDS, description: 'university when a new one leaves it out; kept when an edit does' })
  @IsOptional()
  @IsIn(GROUP_KINDS)
  kind?: GroupKind;
}

export class GroupStatusDto extends IdDto {
  @ApiProperty({ description: '1 active, 0 disabled' })
  @IsIn([0, 1])
  status: number;
}

/** The phone and its texted code, as a code login takes them. */
export class TrialApplyDto extends LoginCodeDto {
  @ApiProperty({ description: "the university's name" })
  @IsString()
  @Matches(/\S/)
  @MaxLength(100)
  university: string;

  @ApiProperty()
  @IsString()
  @Matches(/\S/)
  @MaxLength(50)
  contact: string;

  @ApiProperty({ enum: TRIAL_SIZES, description: 'students, roughly' })
  @IsIn(TRIAL_SIZES)
  size: TrialSize;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  needs?: string;
}

export class TrialPageQueryDto extends PageDto {
  @ApiPropertyOptional({ description: "part of the university's name, the contact's name or the phone" })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @ApiPropertyOptional({ enum: TRIAL_STATES })
  @IsOptional()
  @IsIn(TRIAL_STATES)
  state?: TrialState;
}

export class TrialNoteDto extends IdDto {
  @ApiProperty()
  @IsString()
  @Matches(/\S/)
  @MaxLength(2000)
  body: string;

  @ApiPropertyOptional({ enum: ['following', 'closed'] })
  @IsOptional()
  @IsIn(['following', 'closed'])
  state?: 'following' | 'closed';
}

export class TrialAdminDto {
  @ApiProperty()
  @IsString()
  @Matches(USERNAME_PATTERN)
  username: string;

  @ApiProperty()
  @IsString()
  @Matches(/\S/)
  @MaxLength(50)
  realName: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(PHONE_PATTERN)
  phone?: string;
}

export class TrialConvertDto extends IdDto {
  @ApiProperty({ type: GroupSaveDto, description: 'the new organisation (its id is ignored)' })
  @ValidateNested()
  @Type(() => GroupSaveDto)
  group: GroupSaveDto;

  @ApiProperty({ type: TrialAdminDto, description: 'its first administrator' })
  @ValidateNested()
  @Type(() => TrialAdminDto)
  admin: TrialAdminDto;
}

export class LogPageQueryDto extends PageDto {
  @ApiPropertyOptional({ description: 'part of the account name' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  username?: string;

  @ApiPropertyOptional({ description: 'part of the path, the title or its label in either language' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @ApiPropertyOptional({ enum: ['success', 'failure'] })
  @IsOptional()
  @IsIn(['success', 'failure'])
  result?: 'success' | 'failure';

  @ApiPropertyOptional({ description: 'ISO 8601 date or time, inclusive', example: '2026-01-01' })
  @IsOptional()
  @IsISO8601()
  from?: string;

  @ApiPropertyOptional({ description: 'ISO 8601 date or time, exclusive', example: '2026-01-02' })
  @IsOptional()
  @IsISO8601()
  to?: string;
}
