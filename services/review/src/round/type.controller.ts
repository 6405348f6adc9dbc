import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CONFLICT_KINDS,
  EXPERT_SOURCES,
  ReviewSubject as S,
  ROUND_STATUSES,
  ROUND_TYPES,
  SHEET_STATUSES,
  type ReviewTypeOptions,
} from '@cmp/contracts';

/** The fixed option lists of the review screens (no data: the same for every organisation). */
@Controller()
export class TypeController {
  @MessagePattern(S.typeGet) types(): ReviewTypeOptions {
    return {
      roundTypes: [...ROUND_TYPES],
      roundStatuses: [...ROUND_STATUSES],
      expertSources: [...EXPERT_SOURCES],
      conflictKinds: [...CONFLICT_KINDS],
      sheetStatuses: [...SHEET_STATUSES],
    };
  }
}
