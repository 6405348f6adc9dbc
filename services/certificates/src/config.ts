import { loadConfig, readStorageConfig } from '@cmp/common';

/** Read once at start-up; see .env.example for each variable. */
export const loadCertificatesConfig = () =>
  loadConfig((env) => ({
    dbPoolSize: env.int('DB_POOL_SIZE', 10, 2, 200),
    /** The gateway's stored files (same STORAGE_* settings): rendered files go under certificates/, seals are read from images/. */
    storage: readStorageConfig(env),
    /** Public web origin the QR codes point at (the trace page lives there). */
    publicWebUrl: env.string('PUBLIC_WEB_URL', 'http://localhost:5173'),
    chromiumPath: env.string('CHROMIUM_PATH', '/usr/bin/chromium'),
    /** Certificates rendered per page load (one PDF, then split): the main lever on throughput. */
    renderChunkSize: env.int('RENDER_CHUNK_SIZE', 50, 1, 500),
    /** Chromium pages rendering chunks at once in one worker. */
    renderPages: env.int('RENDER_PAGES', 2, 1, 16),
    /** Winners per batch at most. */
    maxRecipients: env.int('MAX_RECIPIENTS', 10000, 1, 100000),
    /** PNG preview scale (CSS pixels × scale); 0 renders no previews. */
    previewScale: env.int('PREVIEW_SCALE_PERCENT', 50, 0, 300) / 100,
    /** BullMQ job lock: a worker that dies mid-batch hands its job to another after at most this long. */
    workerLockMs: env.int('WORKER_LOCK_MS', 30000, 2000, 600000),
  }));
export type CertificatesConfig = ReturnType<typeof loadCertificatesConfig>;

export const CERTIFICATES_CONFIG = Symbol('CERTIFICATES_CONFIG');
export const CERTIFICATES_SCHEMA = 'certificates';
