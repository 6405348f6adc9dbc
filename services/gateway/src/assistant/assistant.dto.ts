import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { OptionalId } from '../http/id.dto';

export class AskDto {
  // Empty and over-long questions get the assistant's own message (assistant.service.ts); this only bounds the body.
  @ApiProperty({ description: 'the question, at most 500 characters', maxLength: 4000 })
  @IsString()
  @MaxLength(4000)
  question!: string;

  @OptionalId({ description: "the organisation whose site is asked; without it, the site of the request's host name" })
  groupId?: number;
}
