import * as fs from 'node:fs';
import { isIP } from 'node:net';
import * as path from 'node:path';
import { DEFAULT_REDIS_PREFIX, REDIS_PREFIX_PATTERN } from './redis';

/** Repo root: the folder holding the top-level package.json with workspaces. */
export function findRepoRoot(start = __dirname): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).workspaces) return dir;
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

let dotenvLoaded = false;
/** Loads the repo's git-ignored `.env` once, without overriding variables already set. */
function loadDotenv(): void {
  if (dotenvLoaded) return;
  dotenvLoaded = true;
  const file = path.join(findRepoRoot(), '.env');
  if (!fs.existsSync(file)) return;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m && process.env[m[1]] === undefined) process.env[m[1]] = m[2].replace(/^['"]|['"]$/g, '');
  }
}

/**
 * Typed reading of environment variables. Collects every problem, so a service that
 * cannot start says all that is wrong with its configuration at once.
 */
export class Env {
  private readonly problems: string[] = [];
  constructor(private readonly source: NodeJS.ProcessEnv = (loadDotenv(), process.env)) {}

  string(name: string, fallback?: string): string {
    const v = this.source[name];
    if (v !== undefined && v !== '') return v;
    if (fallback === undefined) {
      this.problems.push(`${name} is required`);
      return '';
    }
    return fallback;
  }

  /** A secret: always from the environment (the dev scripts write a random one into the git-ignored .env). */
  secret(name: string): string {
    const v = this.source[name];
    if (!v) this.problems.push(`${name} is required (a random string of at least 32 characters)`);
    else if (v.length < 32) this.problems.push(`${name} must be at least 32 characters`);
    return v ?? '';
  }

  int(name: string, fallback: number, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
    const raw = this.source[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return n;
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.source[name];
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
    this.problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const raw = this.source[name];
    if (raw === undefined || raw === '') return fallback;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    const choices = values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values.join('');
    this.problems.push(`${name} must be ${choices}, got "${raw}"`);
    return fallback;
  }

  list(name: string, fallback: string[]): string[] {
    const raw = this.source[name];
    if (raw === undefined || raw === '') return fallback;
    return raw.split(',').map((s) => s.trim()).filter(Boolean);
  }

  /**
   * Comma-separated IP addresses or CIDR ranges (`127.0.0.1, 10.0.0.0/8, fd00::/8`); empty when unset.
   * Anything else (a word such as `true` or `loopback`, a bad prefix) is a start-up problem, not a guess.
   */
  addressList(name: string): string[] {
    const entries = this.list(name, []);
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (bad.length) {
      this.problems.push(`${name} must list IP addresses or CIDR ranges (such as 127.0.0.1 or 10.0.0.0/8), got "${bad.join('", "')}"`);
      return [];
    }
    return entries;
  }

  /** A rule across variables (read with the methods above): `problem` is reported with the rest unless `ok`. */
  check(ok: boolean, problem: string): void {
    if (!ok) this.problems.push(problem);
  }

  /** Throws with every collected problem; call after reading all variables. */
  done(): void {
    if (this.problems.length) throw new Error(`Invalid configuration:\n  - ${this.problems.join('\n  - ')}`);
  }
}

/** `192.0.2.1`, `2001:db8::1`, or one of them with a prefix length that fits it (`/0`…`/32`, `/0`…`/128`). */
export function isAddressOrCidr(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Settings every service shares. */
export interface BaseConfig {
  nodeEnv: string;
  natsUrl: string;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix of every Redis key and BullMQ queue of this deployment (see redis.ts). */
  redisPrefix: string;
  logLevel: string;
  rpcTimeoutMs: number;
}

function redisPrefixOf(env: Env): string {
  const prefix = env.string('REDIS_PREFIX', DEFAULT_REDIS_PREFIX);
  env.check(REDIS_PREFIX_PATTERN.test(prefix), `REDIS_PREFIX must be 1 to 40 letters, digits, "_", "-" or "." (got "${prefix}")`);
  return prefix;
}

export function readBaseConfig(env: Env): BaseConfig {
  return {
    nodeEnv: env.string('NODE_ENV', 'development'),
    natsUrl: env.string('NATS_URL', 'nats://127.0.0.1:4223'),
    databaseUrl: env.string('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/cmp'),
    redisUrl: env.string('REDIS_URL', 'redis://127.0.0.1:6379/0'),
    redisPrefix: redisPrefixOf(env),
    logLevel: env.string('LOG_LEVEL', 'info'),
    rpcTimeoutMs: env.int('RPC_TIMEOUT_MS', 5000, 100, 120000),
  };
}

/**
 * The one way a service reads its configuration, once at start-up: the shared settings plus the service's
 * own, typed, with every problem reported at once.
 *
 *   export const loadAuthConfig = () => loadConfig((env) => ({ jwtSecret: env.secret('JWT_SECRET') }));
 */
export function loadConfig<T extends object>(readOwn: (env: Env) => T, env = new Env()): BaseConfig & T {
  const config = { ...readBaseConfig(env), ...readOwn(env) };
  env.done();
  return config;
}
