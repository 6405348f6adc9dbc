import 'reflect-metadata';
import { bootService } from '@cmp/common';
import { Service } from '@cmp/contracts';
import { AppModule } from './app.module';
import { CERTIFICATES_SCHEMA, loadCertificatesConfig } from './config';
import { certificatesDataSource } from './data-source';

const config = loadCertificatesConfig();
bootService({
  service: Service.certificates,
  module: AppModule,
  config,
  schema: CERTIFICATES_SCHEMA,
  dataSource: () => certificatesDataSource({ ...config, dbPoolSize: 2 }),
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
