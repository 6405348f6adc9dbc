import 'reflect-metadata';
import { ensureDatabase, migrate } from '@cmp/common';
import { PAYMENT_SCHEMA } from '../config';
import { paymentDataSource } from '../data-source';

/** Drops the payment schema and migrates it from scratch (the demo has no orders: they come from paying). */
export async function resetDatabase(databaseUrl: string): Promise<Record<string, never>> {
  await ensureDatabase(databaseUrl);
  const ds = paymentDataSource({ databaseUrl, dbPoolSize: 2 });
  await ds.initialize();
  try {
    await ds.query(`DROP SCHEMA IF EXISTS "${PAYMENT_SCHEMA}" CASCADE`);
    await migrate(ds, PAYMENT_SCHEMA);
  } finally {
    await ds.destroy();
  }
  return {};
}
