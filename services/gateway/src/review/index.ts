import { ReviewTypeController } from './type.controller';

/** Routes of the expert review (issue 14); each area adds its controller file here. */
export const REVIEW_CONTROLLERS = [ReviewTypeController];
