import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_PAGE_SIZE } from '@cmp/contracts';

/**
 * Query strings carry numbers as text: a string of digits (optionally signed, with a fraction) becomes the number.
 * Anything else stays as it came, so a boolean, an empty string or '1e308' fails @IsInt instead of turning into 1 or 0.
 */
export const NumberFromText = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value));

/** Paging of every list call: pageNum from 1, pageSize up to MAX_PAGE_SIZE. Lists extend it with their filters. */
export class PageDto {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(1)
  pageNum?: number;

  @ApiPropertyOptional({ default: 10 })
  @IsOptional()
  @NumberFromText()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize?: number;
}

/** Query strings carry booleans as text: 'true'/'1' and 'false'/'0' become booleans, anything else fails @IsBoolean. */
export const queryBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
