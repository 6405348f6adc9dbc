import { ReviewBidController } from './bid.controller';
import { ReviewDistributionController } from './distribution.controller';
import { ReviewGroupController } from './group.controller';
import { PUBLICATION_CONTROLLERS } from './publication.controller';
import { ReviewResultController } from './result.controller';
import { AwardPresetController } from './award-preset.controller';
import { ReviewScoringController } from './scoring.controller';
import { ReviewRoundController } from './round.controller';
import { ReviewTypeController } from './type.controller';
import { MySceneController, SceneController } from './scene.controller';

/** Routes of the expert review (issue 14); each area adds its controller file here. */
export const REVIEW_CONTROLLERS = [ReviewTypeController, ReviewRoundController, ReviewGroupController, ReviewDistributionController, ReviewBidController, ReviewResultController, AwardPresetController, ReviewScoringController, ...PUBLICATION_CONTROLLERS, SceneController, MySceneController];
