import { Env } from '@cmp/common';

export interface EnrollmentConfig {
  natsUrl: string;
  databaseUrl: string;
  rpcTimeoutMs: number;
  dbPoolSize: number;
  settingsTtlMs: number;
  /** Secret the bank card numbers' AES-256-GCM key is derived from (at least 32 characters). */
  bankCardKey: string;
}

/** Read once at start-up; see .env.example for each variable. */
export function loadEnrollmentConfig(): EnrollmentConfig {
  const env = new Env();
  const config: EnrollmentConfig = {
    natsUrl: env.string('NATS_URL', 'nats://127.0.0.1:4222'),
    databaseUrl: env.string('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/cmp'),
    rpcTimeoutMs: env.int('RPC_TIMEOUT_MS', 5000, 100, 120000),
    dbPoolSize: env.int('DB_POOL_SIZE', 20, 2, 200),
    settingsTtlMs: env.int('SETTINGS_TTL_MS', 10000, 0, 3600000),
    bankCardKey: env.secret('BANK_CARD_KEY'),
  };
  env.done();
  return config;
}

export const ENROLLMENT_CONFIG = Symbol('ENROLLMENT_CONFIG');
export const ENROLLMENT_SCHEMA = 'enrollment';
