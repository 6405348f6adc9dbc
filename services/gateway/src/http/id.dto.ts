import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';
import { NumberFromText } from './page.dto';

/** An optional record id (a filter or a parent): absent, or a whole number from 1 (a numeric string is taken as it). */
export const OptionalId = (options?: ApiPropertyOptions) =>
  applyDecorators(ApiPropertyOptional(options), IsOptional(), NumberFromText(), IsInt(), Min(1));

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
  @OptionalId()
  groupId?: number;
}
