import 'reflect-metadata';
import { bootService } from '@cmp/common';
import { Service } from '@cmp/contracts';
import { AppModule } from './app.module';
import { loadReviewConfig, REVIEW_SCHEMA } from './config';
import { reviewDataSource } from './data-source';

const config = loadReviewConfig();
bootService({
  service: Service.review,
  module: AppModule,
  config,
  schema: REVIEW_SCHEMA,
  dataSource: () => reviewDataSource({ ...config, dbPoolSize: 2 }),
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
