import 'reflect-metadata';
import { bootService } from '@cmp/common';
import { Service } from '@cmp/contracts';
import { AppModule } from './app.module';
import { AUTH_SCHEMA, loadAuthConfig } from './config';
import { authDataSource } from './data-source';

const config = loadAuthConfig();
bootService({
  service: Service.auth,
  module: AppModule,
  config,
  schema: AUTH_SCHEMA,
  dataSource: () => authDataSource({ ...config, dbPoolSize: 2 }),
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
