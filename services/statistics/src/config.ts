import { loadConfig, readStorageConfig } from '@cmp/common';

/** Read once at start-up; see .env.example for each variable. */
export const loadStatisticsConfig = () =>
  loadConfig((env) => ({
    dbPoolSize: env.int('DB_POOL_SIZE', 10, 2, 200),
    /** The gateway's stored files (same STORAGE_* settings): reports are stored under reports/. */
    storage: readStorageConfig(env),
    chromiumPath: env.string('CHROMIUM_PATH', '/usr/bin/chromium'),
  }));
export type StatisticsConfig = ReturnType<typeof loadStatisticsConfig>;

export const STATISTICS_CONFIG = Symbol('STATISTICS_CONFIG');
export const STATISTICS_SCHEMA = 'statistics';
