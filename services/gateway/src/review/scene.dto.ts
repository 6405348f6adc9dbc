import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
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
import { DRAW_METHODS, KIOSK_LAYOUTS, type DrawMethod, type KioskLayout } from '@cmp/contracts';
import { NumberFromText } from '../http/page.dto';
import { MaxItems } from '../http/max-items';

/** A venue has at most 24 rooms (one letter each, A … Z without I and O); a manual order at most 5,000 teams a room. */
const MAX_ROOMS = 24;
const MAX_TEAMS = 5000;

class SceneRoomDto {
  @ApiPropertyOptional({ description: 'absent: a new room' })
  @IsOptional()
  @IsInt()
  @Min(1)
  id?: number;

  @ApiProperty({ example: '第3评审室' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiPropertyOptional({ example: 'Room 3' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  nameEn: string = '';

  @ApiPropertyOptional({ nullable: true, description: "the review group whose experts sit in the room" })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  reviewGroupId: number | null = null;

  @ApiPropertyOptional({ format: 'date-time', nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  startsAt: string | null = null;

  @ApiPropertyOptional({ format: 'date-time', nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  endsAt: string | null = null;

  @ApiPropertyOptional({ default: 10, description: "each team's time slot, in minutes" })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(240)
  minutesPerTeam: number = 10;
}

export class SceneSaveDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  roundId: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  venue: string = '';

  @ApiPropertyOptional({ description: 'the rolling notice on the screens' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  notice: string = '';

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  showScore: boolean = false;

  @ApiPropertyOptional({ description: 'announce calls in English too' })
  @IsOptional()
  @IsBoolean()
  bilingual: boolean = false;

  @ApiProperty({ type: [SceneRoomDto] })
  @IsArray()
  @MaxItems(MAX_ROOMS)
  @ValidateNested({ each: true })
  @Type(() => SceneRoomDto)
  rooms: SceneRoomDto[];
}

class ManualRoomDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  roomId: number;

  @ApiProperty({ type: [Number] })
  @IsArray()
  @MaxItems(MAX_TEAMS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  workIds: number[];
}

export class DrawDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  roundId: number;

  @ApiProperty({ enum: DRAW_METHODS })
  @IsIn(DRAW_METHODS)
  method: DrawMethod;

  @ApiPropertyOptional({ description: 'random draw: reproduce a draw from its seed; absent: a new seed' })
  @IsOptional()
  @IsString()
  @Matches(/^[\w-]{1,64}$/)
  seed?: string;

  @ApiPropertyOptional({ type: [ManualRoomDto], description: 'manual order: each room’s works in order' })
  @IsOptional()
  @IsArray()
  @MaxItems(MAX_ROOMS)
  @ValidateNested({ each: true })
  @Type(() => ManualRoomDto)
  rooms?: ManualRoomDto[];
}

export class RoomIdDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  roomId: number;
}

export class SkipDto extends RoomIdDto {
  @ApiPropertyOptional({ nullable: true, description: 'back in line after this many teams; null: at the end' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  @Max(100)
  after: number | null = null;
}

export class PauseDto extends RoomIdDto {
  @ApiProperty()
  @IsBoolean()
  paused: boolean;
}

export class QueueWorkDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  roundId: number;

  @ApiProperty()
  @IsInt()
  @Min(1)
  workId: number;
}

export class MoveDto extends QueueWorkDto {
  @ApiProperty({ description: 'the room to move to' })
  @IsInt()
  @Min(1)
  roomId: number;
}

export class CheckInDto {
  @ApiProperty()
  @IsInt()
  @Min(1)
  roundId: number;

  @ApiProperty({ description: "the participant's QR code text, or the number (A012)" })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  code: string;
}

export class KioskBindDto {
  @ApiProperty({ description: 'the code the kiosk shows' })
  @IsString()
  @Matches(/^[A-Za-z0-9]{6}$/)
  code: string;

  @ApiProperty()
  @IsInt()
  @Min(1)
  roundId: number;

  @ApiProperty({ type: [Number] })
  @IsArray()
  @ArrayMinSize(1)
  @MaxItems(MAX_ROOMS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  roomIds: number[];

  @ApiProperty({ example: '大厅主屏' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name: string;

  @ApiPropertyOptional({ enum: KIOSK_LAYOUTS })
  @IsOptional()
  @IsIn(KIOSK_LAYOUTS)
  layout: KioskLayout = 'room';
}

export class PairingKeyDto {
  @ApiProperty()
  @IsString()
  @Matches(/^[\w-]{20,64}$/)
  pairingKey: string;
}

export class VoiceDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  roomId: number;

  @ApiProperty({ example: 'A012' })
  @IsString()
  @Matches(/^[A-Z]\d{3,4}$/)
  number: string;

  @ApiProperty({ enum: ['zh-CN', 'en'] })
  @IsIn(['zh-CN', 'en'])
  lang: 'zh-CN' | 'en';
}
