import 'reflect-metadata';
import { createServiceDataSource, Env, readBaseConfig } from '@cmp/common';
import { COMPETITIONS_SCHEMA, type CompetitionsConfig } from './config';
import { WebsiteSettings1763750000000 } from './migrations/1763750000000-WebsiteSettings';
import { ReferenceData1763760000000 } from './migrations/1763760000000-ReferenceData';
import { Competitions1763800000000 } from './migrations/1763800000000-Competitions';
import { WebsiteBanners1763900000000 } from './migrations/1763900000000-WebsiteBanners';
import { News1763763000000 } from './migrations/1763763000000-News';
import { MoneyInFen1767400000000 } from './migrations/1767400000000-MoneyInFen';
import { SchoolSummaries1768500000000 } from './migrations/1768500000000-SchoolSummaries';

/** The competitions schema's one DataSource, used by the service, the seed and the migration CLI. */
export function competitionsDataSource(config: Pick<CompetitionsConfig, 'databaseUrl' | 'dbPoolSize'>) {
  return createServiceDataSource({
    url: config.databaseUrl,
    schema: COMPETITIONS_SCHEMA,
    migrations: [
      WebsiteSettings1763750000000,
      ReferenceData1763760000000,
      News1763763000000,
      Competitions1763800000000,
      WebsiteBanners1763900000000,
      MoneyInFen1767400000000,
      SchoolSummaries1768500000000,
    ],
    poolSize: config.dbPoolSize,
  });
}

// For the TypeORM CLI: `typeorm migration:run -d dist/data-source.js`.
export default competitionsDataSource({ databaseUrl: readBaseConfig(new Env()).databaseUrl, dbPoolSize: 2 });
