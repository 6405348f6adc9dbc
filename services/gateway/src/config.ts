import { loadConfig, readStorageConfig } from '@cmp/common';
import { PROXY_SOCKET_PEER } from './http/proxy-socket';

/** Read once at start-up; see .env.example for each variable. */
export const loadGatewayConfig = () =>
  loadConfig((env) => ({
    host: env.string('HOST', '0.0.0.0'),
    port: env.int('PORT', 8080, 1, 65535),
    jwtSecret: env.secret('JWT_SECRET'),
    corsOrigins: env.list('CORS_ORIGINS', ['http://localhost:5173', 'http://127.0.0.1:5173']),
    /**
     * A Unix socket the gateway listens on besides its port, for the platform's own web proxy (`npm start` sets it):
     * what arrives through it may say who the client is. Only processes that may open the file can connect.
     */
    proxySocket: env.string('PROXY_SOCKET', ''),
    /** The proxies (addresses or CIDRs) whose X-Forwarded-* headers are believed; none by default. */
    trustProxy: trustProxyOf(env.addressList('TRUST_PROXY'), env.string('PROXY_SOCKET', '') !== ''),
    bodyLimitBytes: env.int('BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    /** Public certificate trace look-ups per address per minute (shared in Redis). */
    traceLimitPerMinute: env.int('TRACE_LIMIT_PER_MINUTE', 30, 1, 100000),
    /** Public votes per address per minute (shared in Redis); a campus behind one NAT needs room. */
    voteLimitPerMinute: env.int('VOTE_LIMIT_PER_MINUTE', 120, 1, 10_000_000),
    /** Failed kiosk bindings per account and per address before binding waits out the window (docs/decisions.md). */
    kioskPairMaxFailures: env.int('KIOSK_PAIR_MAX_FAILURES', 10, 1, 1000),
    kioskPairWindowMinutes: env.int('KIOSK_PAIR_WINDOW_MINUTES', 10, 1, 24 * 60),
    /** Disk kept for spoken calls (about 180 KB each), least recently used out (docs/decisions.md). */
    voiceCacheMb: env.int('KIOSK_VOICE_CACHE_MB', 64, 1, 64 * 1024),
    uploadLimitBytes: env.int('UPLOAD_LIMIT_BYTES', 5 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    rateLimitPerMinute: env.int('RATE_LIMIT_PER_MINUTE', 6000, 1, 10_000_000),
    imageLimitBytes: env.int('IMAGE_LIMIT_BYTES', 5 * 1024 * 1024, 1024, 64 * 1024 * 1024),
    /** Where stored files live (uploads, rendered certificates): local disk (STORAGE_DIR) or an S3-compatible store. */
    storage: readStorageConfig(env),
    /** The help assistant's OpenAI-compatible chat endpoint; no URL: answers are the best passages (docs/decisions.md). */
    assistantLlm: {
      url: env.string('ASSISTANT_LLM_URL', ''),
      key: env.string('ASSISTANT_LLM_KEY', ''),
      model: env.string('ASSISTANT_LLM_MODEL', 'deepseek-chat'),
      timeoutMs: env.int('ASSISTANT_LLM_TIMEOUT_MS', 30_000, 1000, 600_000),
    },
    /** Questions to the help assistant per address per minute (shared in Redis): each may cost a model call. */
    assistantLimitPerMinute: env.int('ASSISTANT_LIMIT_PER_MINUTE', 20, 1, 10_000_000),
    /** Largest work file the gateway reads at all; each event's own limit is usually lower. */
    workFileLimitBytes: env.int('WORK_FILE_LIMIT_BYTES', 200 * 1024 * 1024, 1024, 2 * 1024 * 1024 * 1024),
  }));
export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/**
 * Fastify's `trustProxy` for the named proxies, and for the proxy socket when there is one: only a connection from
 * one of them may say who the client is (X-Forwarded-For); anyone else is their own address. Never `true`, which
 * would let any caller write any address into the per-address limits and the operation log.
 */
export function trustProxyOf(proxies: string[], proxySocket = false): string[] | false {
  const trusted = proxySocket ? [...proxies, PROXY_SOCKET_PEER] : proxies;
  return trusted.length ? trusted : false;
}
