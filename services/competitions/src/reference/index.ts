// The reference-data feature of the competitions service, as the app module lists it.
import { CollegeController } from './college.controller';
import { CollegeService } from './college.service';
import { DictController } from './dict.controller';
import { DictService } from './dict.service';
import { SchoolImportService } from './school-import.service';
import { SchoolController } from './school.controller';
import { SchoolService } from './school.service';

export const REFERENCE_CONTROLLERS = [SchoolController, CollegeController, DictController];
export const REFERENCE_PROVIDERS = [DictService, SchoolService, SchoolImportService, CollegeService];
