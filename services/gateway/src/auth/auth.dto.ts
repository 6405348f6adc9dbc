import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { PHONE_PATTERN } from '@cmp/contracts';

export class LoginPasswordDto {
  @ApiProperty({ example: 'admin1' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  username: string;

  @ApiProperty({ example: 'Demo@2026' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  password: string;
}

export class LoginCodeSendDto {
  @ApiProperty({ example: '13800000011' })
  @IsString()
  @Matches(PHONE_PATTERN)
  phone: string;
}

export class LoginCodeDto extends LoginCodeSendDto {
  @ApiProperty({ example: '123456' })
  @IsString()
  @Matches(/^\d{6}$/)
  code: string;
}

export class UserMenuQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  groupId?: number;
}
