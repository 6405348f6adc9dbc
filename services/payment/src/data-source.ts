import 'reflect-metadata';
import { createServiceDataSource, Env, readBaseConfig } from '@cmp/common';
import { PAYMENT_SCHEMA, type PaymentConfig } from './config';
import { Payment1767000000000 } from './migrations/1767000000000-Payment';
import { Reconciliation1767100000000 } from './migrations/1767100000000-Reconciliation';
import { OfflinePayments1767200000000 } from './migrations/1767200000000-OfflinePayments';
import { OrdersBySignup1767500000000 } from './migrations/1767500000000-OrdersBySignup';
import { OfflineClosed1767600000000 } from './migrations/1767600000000-OfflineClosed';
import { OrderPayerAndNames1767640000000 } from './migrations/1767640000000-OrderPayerAndNames';
import { Receipts1767720000000 } from './migrations/1767720000000-Receipts';
import { FinanceApprovals1767740000000 } from './migrations/1767740000000-FinanceApprovals';
import { RefusedCallbacksCounted1767760000000 } from './migrations/1767760000000-RefusedCallbacksCounted';
import { OrderFacts1768100000000 } from './migrations/1768100000000-OrderFacts';

/** The payment schema's one DataSource, used by the service, the worker, the seed and the migration CLI. */
export function paymentDataSource(config: Pick<PaymentConfig, 'databaseUrl' | 'dbPoolSize'>) {
  return createServiceDataSource({ url: config.databaseUrl, schema: PAYMENT_SCHEMA, migrations: [Payment1767000000000, Reconciliation1767100000000, OfflinePayments1767200000000, OrdersBySignup1767500000000, OfflineClosed1767600000000, OrderPayerAndNames1767640000000, Receipts1767720000000, FinanceApprovals1767740000000, RefusedCallbacksCounted1767760000000, OrderFacts1768100000000], poolSize: config.dbPoolSize });
}

// For the TypeORM CLI: `typeorm migration:run -d dist/data-source.js`.
export default paymentDataSource({ databaseUrl: readBaseConfig(new Env()).databaseUrl, dbPoolSize: 2 });
