import 'reflect-metadata';
import { ensureDatabase, migrate } from '@cmp/common';
import { STATISTICS_SCHEMA } from '../config';
import { statisticsDataSource } from '../data-source';

/** Drops the statistics schema and migrates it from scratch (no demo data: the model is built from the other services' facts). */
export async function resetDatabase(databaseUrl: string): Promise<Record<string, never>> {
  await ensureDatabase(databaseUrl);
  const ds = statisticsDataSource({ databaseUrl, dbPoolSize: 2 });
  await ds.initialize();
  try {
    await ds.query(`DROP SCHEMA IF EXISTS "${STATISTICS_SCHEMA}" CASCADE`);
    await migrate(ds, STATISTICS_SCHEMA);
  } finally {
    await ds.destroy();
  }
  return {};
}
