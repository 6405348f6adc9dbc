import { loadConfig, readStorageConfig } from '@cmp/common';

/** What a replica does (STATISTICS_ROLE): everything, only answer requests, or only apply facts. */
export const STATISTICS_ROLES = ['all', 'reads', 'facts'] as const;
export type StatisticsRole = (typeof STATISTICS_ROLES)[number];

/** Read once at start-up; see .env.example for each variable. */
export const loadStatisticsConfig = () =>
  loadConfig((env) => ({
    dbPoolSize: env.int('DB_POOL_SIZE', 10, 2, 200),
    /** The gateway's stored files (same STORAGE_* settings): reports are stored under reports/. */
    storage: readStorageConfig(env),
    chromiumPath: env.string('CHROMIUM_PATH', '/usr/bin/chromium'),
    /** all; reads: takes no facts (more replicas for reads without more appliers); facts: answers no requests. */
    role: env.oneOf<StatisticsRole>('STATISTICS_ROLE', STATISTICS_ROLES, 'all'),
  }));
export type StatisticsConfig = ReturnType<typeof loadStatisticsConfig>;

export const STATISTICS_CONFIG = Symbol('STATISTICS_CONFIG');
export const STATISTICS_SCHEMA = 'statistics';
