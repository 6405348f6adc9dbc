import 'reflect-metadata';
import { ensureDatabase, migrate } from '@cmp/common';
import { COMPETITIONS_SCHEMA } from '../config';
import { competitionsDataSource } from '../data-source';
import { seed, type SeededCompetition } from './seed';

/** Drops the competitions schema, migrates it from scratch and loads the demo data. */
export async function resetDatabase(databaseUrl: string, demo: { groups: Record<string, number>; users?: Record<string, number> }): Promise<{ competitions: Record<string, SeededCompetition> }> {
  await ensureDatabase(databaseUrl);
  const ds = competitionsDataSource({ databaseUrl, dbPoolSize: 2 });
  await ds.initialize();
  try {
    await ds.query(`DROP SCHEMA IF EXISTS "${COMPETITIONS_SCHEMA}" CASCADE`);
    await migrate(ds, COMPETITIONS_SCHEMA);
    return await ds.transaction((m) => seed(m, demo.groups, demo.users));
  } finally {
    await ds.destroy();
  }
}
