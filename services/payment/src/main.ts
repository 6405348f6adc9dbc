import 'reflect-metadata';
import { bootService } from '@cmp/common';
import { Service } from '@cmp/contracts';
import { AppModule } from './app.module';
import { loadPaymentConfig, PAYMENT_SCHEMA } from './config';
import { paymentDataSource } from './data-source';

const config = loadPaymentConfig();
bootService({
  service: Service.payment,
  module: AppModule,
  config,
  schema: PAYMENT_SCHEMA,
  dataSource: () => paymentDataSource({ ...config, dbPoolSize: 2 }),
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
