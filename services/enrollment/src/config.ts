import { loadConfig } from '@cmp/common';

/** Read once at start-up; see .env.example for each variable. */
export const loadEnrollmentConfig = () =>
  loadConfig((env) => ({
    dbPoolSize: env.int('DB_POOL_SIZE', 20, 2, 200),
    settingsTtlMs: env.int('SETTINGS_TTL_MS', 10000, 0, 3600000),
    /** Secret the bank card numbers' AES-256-GCM key is derived from (at least 32 characters). */
    bankCardKey: env.secret('BANK_CARD_KEY'),
  }));
export type EnrollmentConfig = ReturnType<typeof loadEnrollmentConfig>;

export const ENROLLMENT_CONFIG = Symbol('ENROLLMENT_CONFIG');
export const ENROLLMENT_SCHEMA = 'enrollment';
