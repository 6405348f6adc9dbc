import * as http from 'node:http';
import Redis from 'ioredis';
import { BASE, REDIS_PREFIX, REDIS_URL } from './platform';

export const DEMO_PASSWORD = 'Demo@2026';

export interface Reply<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Headers;
}

/**
 * A distinct client address (from the IPv6 documentation prefix, only ever sent as a header),
 * so the per-address login limit of one test does not hit another.
 */
export const freshIp = () => `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  lang?: 'zh-CN' | 'en';
  ip?: string;
  headers?: Record<string, string>;
  raw?: BodyInit;
}

/** One HTTP call through the gateway, as a browser would make it. */
export async function api<T = unknown>(path: string, o: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'accept-language': o.lang ?? 'zh-CN', ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.ip) headers['x-forwarded-for'] = o.ip;
  let body: BodyInit | undefined = o.raw;
  if (o.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.body);
  }
  const res = await fetch(`${BASE}${path}`, { method: o.method ?? (body ? 'POST' : 'GET'), headers, body });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    return { status: res.status, code: 0, msg: '', data: Buffer.from(await res.arrayBuffer()) as T, headers: res.headers };
  }
  const json = (await res.json()) as { code: number; msg: string; data: T };
  return { status: res.status, ...json, headers: res.headers };
}

/**
 * A loopback address other than 127.0.0.1 (on Linux all of 127.0.0.0/8 is this machine), fresh per call: a caller
 * from it is not the proxy the test gateway trusts, so its X-Forwarded-For must not count.
 */
export const freshLoopback = () => `127.${1 + Math.floor(Math.random() * 254)}.${Math.floor(Math.random() * 256)}.${2 + Math.floor(Math.random() * 253)}`;

/**
 * A JSON call like `api`, but connecting from the local address `from` (Node's http, which can pick it), to the
 * tests' gateway or to another `base` (a web app's /prod-api proxy, say).
 */
export function apiFrom<T = unknown>(from: string, path: string, o: Pick<CallOptions, 'body' | 'lang' | 'headers'> & { base?: string } = {}): Promise<Reply<T>> {
  const url = new URL(`${o.base ?? BASE}${path}`);
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  const headers: Record<string, string> = { 'accept-language': o.lang ?? 'zh-CN', ...o.headers };
  if (body) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: body ? 'POST' : 'GET', headers, localAddress: from },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number; msg: string; data: T };
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
          resolve({ status: res.statusCode!, ...json, headers: h });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function login(username: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await api<{ token?: string }>('/auth/login/pwd', { body: { username, password }, ip: freshIp() });
  if (r.code !== 0 || !r.data.token) throw new Error(`login ${username} failed: ${r.code} ${r.msg} ${JSON.stringify(r.data)}`);
  return r.data.token;
}

/**
 * The first login of an account made with a one-time password (an expert's login slip): sets `newPassword`
 * (the demo password, so later logins and browser tests use `login(username)`) and returns the session's token.
 */
export async function firstLogin({ username, password }: { username: string; password: string }, newPassword = DEMO_PASSWORD): Promise<string> {
  const r = await api<{ token: string }>('/auth/login/pwd/first', { body: { username, password, newPassword }, ip: freshIp() });
  if (r.code !== 0) throw new Error(`first login ${username} failed: ${r.code} ${r.msg}`);
  return r.data.token;
}

/** The tests' Redis, seen as the platform sees it: every key under the e2e platform's prefix. */
export function redis(): Redis {
  return new Redis(REDIS_URL, { keyPrefix: `${REDIS_PREFIX}:` });
}

/** The live phone code of a purpose, read from Redis: in production codes only go out by SMS. */
export async function phoneCode(purpose: 'register' | 'retrieve' | 'trial', phone: string): Promise<string | null> {
  const r = redis();
  try {
    return await r.get(`${purpose}-code:${phone}`);
  } finally {
    r.disconnect();
  }
}

/** A multipart POST of one file, after the form's text `fields` when given. */
export function upload(path: string, token: string, file: Buffer, filename = 'users.xlsx', lang: 'zh-CN' | 'en' = 'zh-CN', fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file as Uint8Array<ArrayBuffer>]), filename);
  return api<unknown>(path, { method: 'POST', token, raw: form, lang });
}

/** Runs a round's expert assignment and waits until it has finished (a job of the review worker). */
export async function runDistribution(token: string, roundId: number): Promise<void> {
  const started = await api('/review/distribution/run', { token, body: { roundId } });
  if (started.code !== 0) throw new Error(`distribution run: ${started.code} ${started.msg}`);
  for (;;) {
    const p = await api<{ status: string } | null>(`/review/distribution/progress?roundId=${roundId}`, { token });
    if (p.code !== 0) throw new Error(`distribution progress: ${p.code} ${p.msg}`);
    if (p.data && p.data.status !== 'running') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
