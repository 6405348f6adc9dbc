import { ExpertAccounts } from './expert-accounts';
import { ExpertController } from './expert.controller';
import { ExpertImportService } from './expert-import.service';
import { ExpertSelfService } from './expert-self.service';
import { ExpertService } from './expert.service';
import { RecommendService } from './recommend.service';
import { RecruitService } from './recruit.service';
import { TemporaryExpertService } from './temporary.service';
import { ExpertWorkloadService } from './workload.service';

/** The experts feature (library, import, own profile and conflicts, temporary experts, recruitment, recommendation). */
export const EXPERT_CONTROLLERS = [ExpertController];
export const EXPERT_PROVIDERS = [ExpertAccounts, ExpertService, ExpertImportService, ExpertSelfService, TemporaryExpertService, RecruitService, RecommendService, ExpertWorkloadService];
