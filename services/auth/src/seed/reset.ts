import 'reflect-metadata';
import { ensureDatabase, migrate } from '@cmp/common';
import { AUTH_SCHEMA } from '../config';
import { authDataSource } from '../data-source';
import { seed, type DemoIds } from './seed';

/** Drops the auth schema, migrates it from scratch and loads the demo data. */
export async function resetDatabase(databaseUrl: string): Promise<DemoIds> {
  await ensureDatabase(databaseUrl);
  const ds = authDataSource({ databaseUrl, dbPoolSize: 2 });
  await ds.initialize();
  try {
    await ds.query(`DROP SCHEMA IF EXISTS "${AUTH_SCHEMA}" CASCADE`);
    await migrate(ds, AUTH_SCHEMA);
    return await ds.transaction((m) => seed(m));
  } finally {
    await ds.destroy();
  }
}
