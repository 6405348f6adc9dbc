import { loadConfig } from '@cmp/common';

/** Read once at start-up; see .env.example for each variable. */
export const loadCompetitionsConfig = () =>
  loadConfig((env) => ({
    dbPoolSize: env.int('DB_POOL_SIZE', 10, 2, 200),
  }));
export type CompetitionsConfig = ReturnType<typeof loadCompetitionsConfig>;

export const COMPETITIONS_CONFIG = Symbol('COMPETITIONS_CONFIG');
export const COMPETITIONS_SCHEMA = 'competitions';
