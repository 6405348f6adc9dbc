import 'reflect-metadata';
import { createServiceDataSource } from '@cmp/common';
import { COMPETITIONS_SCHEMA, type CompetitionsConfig } from './config';
import { WebsiteSettings1763750000000 } from './migrations/1763750000000-WebsiteSettings';
import { News1763763000000 } from './migrations/1763763000000-News';
import { WebsiteSettingEntity } from './website/website-setting.entity';

/** The competitions schema's one DataSource, used by the service, the seed and the migration CLI. */
export function competitionsDataSource(config: Pick<CompetitionsConfig, 'databaseUrl' | 'dbPoolSize'>) {
  return createServiceDataSource({
    url: config.databaseUrl,
    schema: COMPETITIONS_SCHEMA,
    entities: [WebsiteSettingEntity],
    migrations: [WebsiteSettings1763750000000, News1763763000000],
    poolSize: config.dbPoolSize,
  });
}

// For the TypeORM CLI: `typeorm migration:run -d dist/data-source.js`.
export default competitionsDataSource({
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cmp',
  dbPoolSize: 2,
});
