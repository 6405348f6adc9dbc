import { CollegeController } from './college.controller';
import { DictController } from './dict.controller';
import { PublicReferenceController } from './public-reference.controller';
import { SchoolController } from './school.controller';

/** Routes of the reference data (schools, colleges, majors, provinces, dictionaries). */
export const REFERENCE_CONTROLLERS = [PublicReferenceController, SchoolController, CollegeController, DictController];
