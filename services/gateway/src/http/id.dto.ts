import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';
import { NumberFromText } from './page.dto';

/** One record by id, in a query string or a body (a numeric string is taken as the number). */
export class IdDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  id: number;
}

/** One competition (its events, stages, settings, sign-ups). */
export class CompetitionIdQueryDto {
  @ApiProperty()
  @NumberFromText()
  @IsInt()
  @Min(1)
  competitionId: number;
}

/** An organisation of the caller's scope; without it, the caller's own. */
export class GroupIdQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(1)
  groupId?: number;
}
