import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize } from 'class-validator';

/**
 * The most entries a list field takes: checked by validation and shown in the OpenAPI document as maxItems, in one
 * decorator so the two never disagree. Every array of a DTO has one (src/http/dto-limits.spec.ts).
 */
export const MaxItems = (max: number): PropertyDecorator => applyDecorators(ArrayMaxSize(max), ApiProperty({ maxItems: max }));
