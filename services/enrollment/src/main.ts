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
  databaseUrl: config.databaseUrl,
  natsUrl: config.natsUrl,
  schema: ENROLLMENT_SCHEMA,
  // The migration lock holds one connection: two are needed.
  dataSource: () => enrollmentDataSource({ ...config, dbPoolSize: 2 }),
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
