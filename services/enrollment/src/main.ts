import 'reflect-metadata';
import { bootService } from '@cmp/common';
import { Service } from '@cmp/contracts';
import { AppModule } from './app.module';
import { ENROLLMENT_SCHEMA, loadEnrollmentConfig } from './config';
import { enrollmentDataSource } from './data-source';

const config = loadEnrollmentConfig();
bootService({
  service: Service.enrollment,
  module: AppModule,
  config,
  schema: ENROLLMENT_SCHEMA,
  dataSource: () => enrollmentDataSource({ ...config, dbPoolSize: 2 }),
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
