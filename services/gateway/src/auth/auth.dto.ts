import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsString, Matches, MaxLength, Min } from 'class-validator';
import { PHONE_PATTERN, USERNAME_PATTERN } from '@cmp/contracts';

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

/** The first login with a one-time password sets the account's own password. */
export class FirstLoginDto extends LoginPasswordDto {
  @ApiProperty({ example: 'Passw0rd1', description: '8 to 64 characters with letters and digits' })
  @IsString()
  @MaxLength(64)
  newPassword: string;
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

/** Sign-up: the phone is proved by a code sent with /auth/register/code/send. */
export class RegisterDto {
  @ApiProperty({ example: 'zhangsan' })
  @IsString()
  @Matches(USERNAME_PATTERN)
  username: string;

  @ApiProperty({ example: '张三' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  realName: string;

  @ApiProperty({ example: '13900000001' })
  @IsString()
  @Matches(PHONE_PATTERN)
  phone: string;

  @ApiProperty({ example: '123456' })
  @IsString()
  @Matches(/^\d{6}$/)
  code: string;

  @ApiProperty({ example: 'Passw0rd1', description: '8 to 64 characters with letters and digits' })
  @IsString()
  @MaxLength(64)
  password: string;

  @ApiProperty({ description: 'an organisation from GET /auth/register/groups' })
  @IsInt()
  @Min(1)
  groupId: number;
}

/** Password recovery: a new password for the account of a phone proved by a code. */
export class RetrieveDto extends LoginCodeDto {
  @ApiProperty({ example: 'Passw0rd1', description: '8 to 64 characters with letters and digits' })
  @IsString()
  @MaxLength(64)
  password: string;
}
