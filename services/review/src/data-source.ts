import 'reflect-metadata';
import { createServiceDataSource, Env, readBaseConfig } from '@cmp/common';
import { REVIEW_SCHEMA, type ReviewConfig } from './config';
import { Review1766000000000 } from './migrations/1766000000000-Review';
import { ExpertIntake1766100000000 } from './migrations/1766100000000-ExpertIntake';
import { RoundWorkSchools1766200000000 } from './migrations/1766200000000-RoundWorkSchools';
import { Scoring1766300000000 } from './migrations/1766300000000-Scoring';
import { ScoreVersions1766400000000 } from './migrations/1766400000000-ScoreVersions';
import { Promotions1766500000000 } from './migrations/1766500000000-Promotions';
import { Awards1766600000000 } from './migrations/1766600000000-Awards';
import { Publication1766700000000 } from './migrations/1766700000000-Publication';
import { Scene1766800000000 } from './migrations/1766800000000-Scene';
import { RoomMinutesPerTeam1766900000000 } from './migrations/1766900000000-RoomMinutesPerTeam';
import { PublicationReason1767000000000 } from './migrations/1767000000000-PublicationReason';
import { CalibrationFigures1767100000000 } from './migrations/1767100000000-CalibrationFigures';
import { AwardLevelNamesEn1767150000000 } from './migrations/1767150000000-AwardLevelNamesEn';
import { RoundWorkEventNamesEn1767160000000 } from './migrations/1767160000000-RoundWorkEventNamesEn';
import { AssignmentFacts1768300000000 } from './migrations/1768300000000-AssignmentFacts';
import { RoundWorkFacts1768330000000 } from './migrations/1768330000000-RoundWorkFacts';
import { AwardPresets1768340000000 } from './migrations/1768340000000-AwardPresets';
import { RoundScoreFacts1768350000000 } from './migrations/1768350000000-RoundScoreFacts';

/** The review schema's one DataSource, used by the service, the seed and the migration CLI. */
export function reviewDataSource(config: Pick<ReviewConfig, 'databaseUrl' | 'dbPoolSize'>) {
  return createServiceDataSource({
    url: config.databaseUrl,
    schema: REVIEW_SCHEMA,
    migrations: [Review1766000000000, ExpertIntake1766100000000, RoundWorkSchools1766200000000, Scoring1766300000000, ScoreVersions1766400000000, Promotions1766500000000, Awards1766600000000, Publication1766700000000, Scene1766800000000, RoomMinutesPerTeam1766900000000, PublicationReason1767000000000, CalibrationFigures1767100000000, AwardLevelNamesEn1767150000000, RoundWorkEventNamesEn1767160000000, AssignmentFacts1768300000000, RoundWorkFacts1768330000000, AwardPresets1768340000000, RoundScoreFacts1768350000000],
    poolSize: config.dbPoolSize,
  });
}

// For the TypeORM CLI: `typeorm migration:run -d dist/data-source.js`.
export default reviewDataSource({ databaseUrl: readBaseConfig(new Env()).databaseUrl, dbPoolSize: 2 });
