import 'reflect-metadata';
import { ensureDatabase, migrate } from '@cmp/common';
import { ENROLLMENT_SCHEMA } from '../config';
import { enrollmentDataSource } from '../data-source';
import { seed, type Demo } from './seed';

/** Drops the enrollment schema, migrates it from scratch and loads the demo sign-ups. */
export async function resetDatabase(databaseUrl: string, demo: Demo): Promise<void> {
  await ensureDatabase(databaseUrl);
  const ds = enrollmentDataSource({ databaseUrl, dbPoolSize: 2 });
  await ds.initialize();
  try {
    await ds.query(`DROP SCHEMA IF EXISTS "${ENROLLMENT_SCHEMA}" CASCADE`);
    await migrate(ds, ENROLLMENT_SCHEMA);
    await ds.transaction((m) => seed(m, demo));
  } finally {
    await ds.destroy();
  }
}
