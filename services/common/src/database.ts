import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { Client } from 'pg';

export interface ServiceDataSourceOptions {
  url: string;
  /** The service's own schema; no service reads another's. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/** One DataSource shape for every service: its own schema, migrations only, never synchronize. */
export function createServiceDataSource(o: ServiceDataSourceOptions): DataSource {
  const options: DataSourceOptions = {
    type: 'postgres',
    url: o.url,
    schema: o.schema,
    entities: o.entities,
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    // Unqualified names in raw SQL resolve inside the service's schema.
    extra: { max: o.poolSize ?? 10, options: `-c search_path=${o.schema}` },
  };
  return new DataSource(options);
}

/** Creates the database named in `url` when it is missing (connects to the `postgres` database to do so). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (e) {
    // Two processes may race to create it; the loser finds it there.
    if ((e as { code?: string }).code !== '42P04') throw e;
  } finally {
    await client.end();
  }
}

/** Creates the schema if needed and runs pending migrations. Replicas starting together take turns (the lock holds one connection: the pool needs two). */
export async function migrate(ds: DataSource, schema: string): Promise<void> {
  if (!ds.isInitialized) await ds.initialize();
  const runner = ds.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}
