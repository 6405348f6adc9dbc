import { ExpertIntakeController, PublicRecruitController } from './expert-intake.controller';
import { ExpertController } from './expert.controller';

/** The experts' gateway controllers (revexp), listed once in app.module's CONTROLLERS. */
export const EXPERT_CONTROLLERS = [ExpertController, ExpertIntakeController, PublicRecruitController];
