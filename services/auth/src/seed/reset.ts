import 'reflect-metadata';
import { ensureDatabase, migrate } from '@cmp/common';
import { AUTH_SCHEMA } from '../config';
import { authDataSource } from '../data-source';
import { seed } from './seed';

/** Drops the auth schema, migrates it from scratch and loads the demo data. */
export async function resetDatabase(databaseUrl: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  const ds = authDataSource({ databaseUrl, dbPoolSize: 2 });
  await ds.initialize();
  try {
    await ds.query(`DROP SCHEMA IF EXISTS "${AUTH_SCHEMA}" CASCADE`);
    await migrate(ds, AUTH_SCHEMA);
    await ds.transaction((m) => seed(m));
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cmp';
  resetDatabase(url).then(
    () => console.log(`auth: schema reset and seeded (${url.replace(/\/\/[^@]*@/, '//')})`),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
