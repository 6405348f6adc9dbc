import 'reflect-metadata';
import { bootService } from '@cmp/common';
import { Service } from '@cmp/contracts';
import { AppModule } from './app.module';
import { loadStatisticsConfig, STATISTICS_SCHEMA } from './config';
import { statisticsDataSource } from './data-source';

const config = loadStatisticsConfig();
bootService({
  service: Service.statistics,
  module: AppModule.for(config.role),
  config,
  schema: STATISTICS_SCHEMA,
  dataSource: () => statisticsDataSource({ ...config, dbPoolSize: 2 }),
  serveRequests: config.role !== 'facts',
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
