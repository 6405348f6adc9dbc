import { Env, readStorageConfig, type StorageConfig } from '@cmp/common';

export interface CertificatesConfig {
  natsUrl: string;
  databaseUrl: string;
  redisUrl: string;
  rpcTimeoutMs: number;
  dbPoolSize: number;
  /** The gateway's stored files (same STORAGE_* settings): rendered files go under certificates/, seals are read from images/. */
  storage: StorageConfig;
  /** Public web origin the QR codes point at (the trace page lives there). */
  publicWebUrl: string;
  chromiumPath: string;
  /** Certificates rendered per page load (one PDF, then split): the main lever on throughput. */
  renderChunkSize: number;
  /** Chromium pages rendering chunks at once in one worker. */
  renderPages: number;
  /** Winners per batch at most. */
  maxRecipients: number;
  /** PNG preview scale (CSS pixels × scale); 0 renders no previews. */
  previewScale: number;
  /** BullMQ job lock: a worker that dies mid-batch hands its job to another after at most this long. */
  workerLockMs: number;
}

/** Read once at start-up; see .env.example for each variable. */
export function loadCertificatesConfig(): CertificatesConfig {
  const env = new Env();
  const config: CertificatesConfig = {
    natsUrl: env.string('NATS_URL', 'nats://127.0.0.1:4222'),
    databaseUrl: env.string('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/cmp'),
    redisUrl: env.string('REDIS_URL', 'redis://127.0.0.1:6379/0'),
    rpcTimeoutMs: env.int('RPC_TIMEOUT_MS', 5000, 100, 120000),
    dbPoolSize: env.int('DB_POOL_SIZE', 10, 2, 200),
    storage: readStorageConfig(env),
    publicWebUrl: env.string('PUBLIC_WEB_URL', 'http://localhost:5173'),
    chromiumPath: env.string('CHROMIUM_PATH', '/usr/bin/chromium'),
    renderChunkSize: env.int('RENDER_CHUNK_SIZE', 50, 1, 500),
    renderPages: env.int('RENDER_PAGES', 2, 1, 16),
    maxRecipients: env.int('MAX_RECIPIENTS', 10000, 1, 100000),
    previewScale: env.int('PREVIEW_SCALE_PERCENT', 50, 0, 300) / 100,
    workerLockMs: env.int('WORKER_LOCK_MS', 30000, 2000, 600000),
  };
  env.done();
  return config;
}

export const CERTIFICATES_CONFIG = Symbol('CERTIFICATES_CONFIG');
export const CERTIFICATES_SCHEMA = 'certificates';
