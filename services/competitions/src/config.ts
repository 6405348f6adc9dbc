import { Env } from '@cmp/common';

export interface CompetitionsConfig {
  natsUrl: string;
  databaseUrl: string;
  rpcTimeoutMs: number;
  dbPoolSize: number;
}

/** Read once at start-up; see .env.example for each variable. */
export function loadCompetitionsConfig(): CompetitionsConfig {
  const env = new Env();
  const config: CompetitionsConfig = {
    natsUrl: env.string('NATS_URL', 'nats://127.0.0.1:4222'),
    databaseUrl: env.string('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/cmp'),
    rpcTimeoutMs: env.int('RPC_TIMEOUT_MS', 5000, 100, 120000),
    dbPoolSize: env.int('DB_POOL_SIZE', 10, 2, 200),
  };
  env.done();
  return config;
}

export const COMPETITIONS_CONFIG = Symbol('COMPETITIONS_CONFIG');
export const COMPETITIONS_SCHEMA = 'competitions';
