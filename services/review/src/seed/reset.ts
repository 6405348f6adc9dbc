import 'reflect-metadata';
import { ensureDatabase, migrate } from '@cmp/common';
import { REVIEW_SCHEMA } from '../config';
import { reviewDataSource } from '../data-source';
import { seed } from './seed';

/** Drops the review schema, migrates it from scratch and loads the demo data. */
export async function resetDatabase(databaseUrl: string, demo: { groups: Record<string, number>; users?: Record<string, number> }): Promise<void> {
  await ensureDatabase(databaseUrl);
  const ds = reviewDataSource({ databaseUrl, dbPoolSize: 2 });
  await ds.initialize();
  try {
    await ds.query(`DROP SCHEMA IF EXISTS "${REVIEW_SCHEMA}" CASCADE`);
    await migrate(ds, REVIEW_SCHEMA);
    await ds.transaction((m) => seed(m, demo));
  } finally {
    await ds.destroy();
  }
}
