import { DataSource, type DataSourceOptions, type EntityManager, type MixedList } from 'typeorm';
import { Client, type Pool } from 'pg';
import { MAX_PAGE_SIZE, type PageQuery } from '@cmp/contracts';
import { watchDataSource } from './metrics';

export interface ServiceDataSourceOptions {
  url: string;
  /** The service's own schema; no service reads another's. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/**
 * One DataSource shape for every service: its own schema, migrations only, never synchronize. Services
 * write SQL with typed row interfaces, so a table's shape lives in its migration and one row type; there
 * are no entity classes.
 */
export function createServiceDataSource(o: ServiceDataSourceOptions): DataSource {
  const options: DataSourceOptions = {
    type: 'postgres',
    url: o.url,
    schema: o.schema,
    entities: [],
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    // Unqualified names in raw SQL resolve inside the service's schema. JIT off: our queries are short, and views
    // whose estimates cross jit_above_cost (the fact views' subplans) spent 300 ms compiling a one-row lookup.
    extra: { max: o.poolSize ?? 10, options: `-c search_path=${o.schema} -c jit=off` },
  };
  const ds = new DataSource(options);
  watchDataSource(ds, o.schema);
  return ds;
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

/** LIMIT and OFFSET of a page; the gateway has validated the numbers, this fills the defaults and clamps the size. */
export function pageOf(q: PageQuery): { pageNum: number; pageSize: number; offset: number } {
  const pageNum = Math.max(1, Math.floor(q.pageNum ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(q.pageSize ?? 10)));
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/** An ILIKE pattern that finds `text` anywhere, its own % _ and backslash taken literally; null when there is nothing to find. */
export function likePattern(text: string | undefined | null): string | null {
  const t = text?.trim();
  if (!t) return null;
  return `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of an owning service's facts for the statistics' rebuild (statistics.ts): its database's epoch and the facts
 * of `view` (id, fact) in id order after `afterId`, as its triggers write them to the outbox.
 */
export async function factPage<T>(ds: DataSource, view: 'signup_facts' | 'order_facts' | 'assignment_facts' | 'round_work_facts' | 'round_score_facts', q: { afterId: number; limit: number }): Promise<{ epoch: string; facts: T[] }> {
  const [[{ epoch }], rows] = await Promise.all([
    ds.query(`SELECT epoch FROM fact_epoch`),
    ds.query(`SELECT fact FROM ${view} WHERE id > $1 ORDER BY id LIMIT $2`, [q.afterId, Math.min(q.limit, 5000)]),
  ]);
  return { epoch, facts: (rows as { fact: T }[]).map((r) => r.fact) };
}

/** Rows an UPDATE or DELETE changed: TypeORM's DataSource.query answers those with [rows, count]. */
export const changedRows = (result: unknown): number => (Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0);

/**
 * Runs a named prepared statement on the DataSource's pg pool: PostgreSQL plans it once per connection
 * instead of on every call, for the hottest statements (TypeORM's query() cannot name a statement).
 */
export async function preparedQuery<T>(ds: DataSource, statement: { name: string; text: string; values: unknown[] }): Promise<T[]> {
  const pool = (ds.driver as unknown as { master: Pool }).master;
  const { rows } = await pool.query(statement);
  return rows as T[];
}

/**
 * The rows an UPDATE or DELETE ... RETURNING gave back. TypeORM's PostgreSQL driver answers those with
 * [rows, affected] (and a SELECT or INSERT with the rows alone), so `const [row] = await ds.query(update)`
 * would read the rows array as the first row.
 */
export async function returnedRows<T = { id: number }>(m: Pick<EntityManager, 'query'>, sql: string, params: unknown[]): Promise<T[]> {
  const [rows] = (await m.query(sql, params)) as [T[], number];
  return rows;
}
