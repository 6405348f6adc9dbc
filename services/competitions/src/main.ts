import 'reflect-metadata';
import { bootService } from '@cmp/common';
import { Service } from '@cmp/contracts';
import { AppModule } from './app.module';
import { COMPETITIONS_SCHEMA, loadCompetitionsConfig } from './config';
import { competitionsDataSource } from './data-source';

const config = loadCompetitionsConfig();
bootService({
  service: Service.competitions,
  module: AppModule,
  config,
  schema: COMPETITIONS_SCHEMA,
  dataSource: () => competitionsDataSource({ ...config, dbPoolSize: 2 }),
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
