import 'reflect-metadata';
import { createServiceDataSource, Env, readBaseConfig } from '@cmp/common';
import { STATISTICS_SCHEMA, type StatisticsConfig } from './config';
import { Statistics1768000000000 } from './migrations/1768000000000-Statistics';
import { SignupRows1768100000000 } from './migrations/1768100000000-SignupRows';
import { Fees1768200000000 } from './migrations/1768200000000-Fees';
import { Awards1768300000000 } from './migrations/1768300000000-Awards';
import { Reports1768310000000 } from './migrations/1768310000000-Reports';
import { Assignments1768320000000 } from './migrations/1768320000000-Assignments';
import { RoundWorks1768340000000 } from './migrations/1768340000000-RoundWorks';
import { FigureVersions1768350000000 } from './migrations/1768350000000-FigureVersions';
import { RoundScores1768360000000 } from './migrations/1768360000000-RoundScores';

/** The statistics schema's one DataSource, used by the service, the rebuild command and the migration CLI. */
export function statisticsDataSource(config: Pick<StatisticsConfig, 'databaseUrl' | 'dbPoolSize'>) {
  return createServiceDataSource({ url: config.databaseUrl, schema: STATISTICS_SCHEMA, migrations: [Statistics1768000000000, SignupRows1768100000000, Fees1768200000000, Awards1768300000000, Reports1768310000000, Assignments1768320000000, RoundWorks1768340000000, FigureVersions1768350000000, RoundScores1768360000000], poolSize: config.dbPoolSize });
}

// For the TypeORM CLI: `typeorm migration:run -d dist/data-source.js`.
export default statisticsDataSource({ databaseUrl: readBaseConfig(new Env()).databaseUrl, dbPoolSize: 2 });
