import { SetMetadata } from '@nestjs/common';
import { ErrorCode, type Identity, type OperationLoggedEvent } from '@cmp/contracts';
import { routesOf } from '../http/routes';

/** Methods that change something: these calls are recorded. */
export const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const AUDITED_READ = 'cmp:audited-read';
/**
 * Marks a GET route whose every call is recorded like a change: a read that shows what is otherwise kept
 * from view (a full identity number), so who looked, and when, is on record.
 */
export const AuditedRead = () => SetMetadata(AUDITED_READ, true);

/** "GET /prefix/path" of every route marked @AuditedRead(), as Fastify reports the matched route. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const auditedReads = (controllers: Function[], prefix: string): Set<string> =>
  new Set(
    routesOf(controllers, prefix)
      .filter((r) => r.method === 'GET' && Reflect.getMetadata(AUDITED_READ, r.handler))
      .map((r) => `GET ${r.path}`),
  );

/**
 * Body fields never written to the log, whatever their value: passwords, codes, tokens and secrets, bank card
 * and identity numbers. `code` goes too, although an organisation's code is harmless: a verification code
 * under the same name is not.
 */
const SECRET_KEY = /pass|pwd|secret|token|captcha|^code$|otp|credential|authorization|card(No|Number)|idNumber/i;
const MAX_VALUE = 200;
const MAX_PARAMS = 2000;

/**
 * Text a caller sent, made storable: a refused request is logged too, and a NUL in it (which PostgreSQL
 * refuses in text) becomes U+FFFD instead of blocking the log behind it.
 */
const storable = (s: string) => s.replaceAll('\u0000', '\uFFFD');

/** A summary of a request body safe to store: secret fields masked, long text and lists cut, null when empty. */
export function redactParams(body: unknown): string | null {
  if (body === undefined || body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return null;
  const json = JSON.stringify(redact(body, 0));
  if (json === '{}' || json === '[]') return null;
  return json.length > MAX_PARAMS ? `${json.slice(0, MAX_PARAMS)}…` : json;
}

function redact(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}…` : v;
  if (v === null || typeof v !== 'object') return v;
  if (depth >= 3) return '…';
  if (Array.isArray(v)) {
    const head = v.slice(0, 20).map((x) => redact(x, depth + 1));
    return v.length > 20 ? [...head, `… ${v.length - 20} more`] : head;
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = SECRET_KEY.test(k) ? '***' : redact(x, depth + 1);
  return out;
}

const humanise = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * Title of every route, keyed by "METHOD /prefix/path" as Fastify reports the matched route:
 * "<module> / <action>" from the controller's first OpenAPI tag and the handler's name, so a new route
 * is titled without anyone remembering to.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function routeTitles(controllers: Function[], prefix: string): Map<string, string> {
  const titles = new Map<string, string>();
  for (const r of routesOf(controllers, prefix)) {
    const tags = (Reflect.getMetadata('swagger/apiUseTags', r.controller) as string[] | undefined) ?? [];
    const module = tags[0] ?? humanise(r.controller.name.replace(/Controller$/, ''));
    titles.set(`${r.method} ${r.path}`, `${module} / ${humanise(r.name)}`);
  }
  return titles;
}

/** What the hook knows about a finished request. */
export interface FinishedRequest {
  requestId: string;
  /** The caller's X-Request-Id, for tracing only. */
  clientRequestId?: string | null;
  method: string;
  /** The matched route's pattern; undefined for an address no route serves. */
  route: string | undefined;
  url: string;
  statusCode: number;
  durationMs: number;
  ip: string;
  userAgent: string | undefined;
  identity: Identity | undefined;
  body: unknown;
  /** The parsed query string; summarised instead of the body for an audited read. */
  query?: unknown;
  /** The route is marked @AuditedRead(): record it although it is a read. */
  auditedRead?: boolean;
  /** Set by the error filter (or the rate limit) when the call failed. */
  outcome: { code: number; msg: string } | undefined;
}

/** The event for a finished call, or null when it is not recorded (reads not marked audited, and addresses no route serves). */
export function operationEvent(r: FinishedRequest, titles: Map<string, string>, at = new Date()): OperationLoggedEvent | null {
  if (!(MUTATING_METHODS.has(r.method) || r.auditedRead) || !r.route) return null;
  const body = r.body && typeof r.body === 'object' ? (r.body as Record<string, unknown>) : undefined;
  // A login attempt has no identity yet: the account it names is who (the auth service adds its organisation).
  const claimed = typeof body?.username === 'string' ? body.username.slice(0, 64) : null;
  const code = r.outcome?.code ?? (r.statusCode < 400 ? ErrorCode.OK : ErrorCode.INTERNAL);
  const event: OperationLoggedEvent = {
    requestId: r.requestId,
    clientRequestId: r.clientRequestId ?? null,
    userId: r.identity?.userId ?? null,
    username: r.identity?.username ?? claimed,
    groupId: r.identity?.groupId ?? null,
    method: r.method,
    path: r.url.split('?')[0],
    title: titles.get(`${r.method} ${r.route}`) ?? r.route,
    resultCode: code,
    message: code === ErrorCode.OK ? null : (r.outcome?.msg ?? null),
    durationMs: Math.round(r.durationMs),
    ip: r.ip,
    userAgent: r.userAgent ?? null,
    params: redactParams(MUTATING_METHODS.has(r.method) ? r.body : r.query),
    at: at.toISOString(),
  };
  // Any text may echo what the caller sent (a name, a message naming a value).
  return Object.fromEntries(Object.entries(event).map(([k, v]) => [k, typeof v === 'string' ? storable(v) : v])) as OperationLoggedEvent;
}
