import 'reflect-metadata';
import { ensureDatabase, migrate } from '@cmp/common';
import { CERTIFICATES_SCHEMA } from '../config';
import { certificatesDataSource } from '../data-source';
import { seed } from './seed';

/** Drops the certificates schema, migrates it from scratch and loads the demo data. */
export async function resetDatabase(databaseUrl: string, demo: { groups: Record<string, number> }): Promise<void> {
  await ensureDatabase(databaseUrl);
  const ds = certificatesDataSource({ databaseUrl, dbPoolSize: 2 });
  await ds.initialize();
  try {
    await ds.query(`DROP SCHEMA IF EXISTS "${CERTIFICATES_SCHEMA}" CASCADE`);
    await migrate(ds, CERTIFICATES_SCHEMA);
    await ds.transaction((m) => seed(m, demo.groups));
  } finally {
    await ds.destroy();
  }
}
