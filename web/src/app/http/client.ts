import type { Envelope } from '@cmp/contracts';
import { API_BASE, REQUEST_TIMEOUT_MS } from '../config/constants';
import i18n, { currentLang } from '../i18n';
import { classifyBinary, decideResponse, decideTransportError, fileNameFrom, isReportableCode, TransportCode, type Outcome } from './decide';
import { ssrGet } from '../ssr/ssr';

/** Rejection of every failed call. `silent` means the person has already been told (or must not be). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly silent: boolean,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The form field a failed call's message is about (the server names it as `data.field`), if any. */
export function errorField(err: unknown): string | undefined {
  const data = err instanceof HttpError ? (err.data as { field?: unknown } | null | undefined) : undefined;
  return typeof data?.field === 'string' ? data.field : undefined;
}

/** Whether a screen should still say that this call failed (see isReportableCode). */
export function isReportable(err: unknown): boolean {
  return !(err instanceof HttpError) || isReportableCode(err.code);
}

/** What the client needs from the app; set once by the app shell. */
export interface HttpHooks {
  getToken(): string | null;
  /** 11000: clear the session, ask to log in again, go home and reload. */
  onExpired(message: string): void;
  /** 401: go to /backDesk/noPage with the message. */
  onNoAccess(message: string): void;
  toastError(message: string): void;
}

let hooks: HttpHooks = {
  getToken: () => null,
  onExpired: () => undefined,
  onNoAccess: () => undefined,
  toastError: (m) => console.error(m),
};

export function configureHttp(h: HttpHooks): void {
  hooks = h;
}

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {}) as string;

/** Query values; a list repeats its parameter (`levels=a&levels=b`). */
/** The headers every call carries (language, the session's token): for calls this client cannot make (a stream). */
export function baseHeaders(): Headers {
  const headers = new Headers({ 'Accept-Language': currentLang() });
  const token = hooks.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

export type Params = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  method: 'GET' | 'POST';
  url: string;
  /** query string; empty values are left out */
  params?: Params;
  /** JSON body, or FormData for uploads */
  data?: unknown;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
}

export function buildUrl(url: string, params?: Params): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (Array.isArray(v)) for (const x of v) qs.append(k, String(x));
    else if (v !== undefined && v !== null && v !== '') qs.append(k, String(v));
  }
  const q = qs.toString();
  return `${API_BASE}${url}${q ? (url.includes('?') ? '&' : '?') + q : ''}`;
}

interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

type RawResult = { ok: true; res: RawResponse } | { ok: false; outcome: Outcome };

/** One fetch with the token, the language, a time-out and cancellation. */
async function rawRequest(opts: RequestOptions): Promise<RawResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);

  const headers = new Headers({ 'Accept-Language': currentLang(), Accept: 'application/json, */*' });
  const token = hooks.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (opts.data instanceof FormData) body = opts.data;
  else if (opts.data !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.data);
  } else if (opts.method === 'POST') {
    headers.set('Content-Type', 'application/json');
    body = '{}';
  }

  try {
    const res = await fetch(buildUrl(opts.url, opts.params), { method: opts.method, headers, body, signal: controller.signal });
    let parsed: unknown;
    if (opts.responseType === 'blob') parsed = await res.blob();
    else {
      const text = await res.text();
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
    }
    return { ok: true, res: { status: res.status, headers: res.headers, body: parsed } };
  } catch {
    return { ok: false, outcome: decideTransportError({ timeout: timedOut, canceled: !timedOut && controller.signal.aborted }, t) };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * A multipart POST through XMLHttpRequest, the one browser API that reports upload progress; same token,
 * language and time-out as rawRequest. `onProgress` gets 0–100.
 */
function xhrUpload(url: string, form: FormData, onProgress: (percent: number) => void): Promise<RawResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(url));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept-Language', currentLang());
    xhr.setRequestHeader('Accept', 'application/json, */*');
    const token = hooks.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ ok: true, res: { status: xhr.status, headers: new Headers(), body } });
    };
    xhr.onerror = () => resolve({ ok: false, outcome: decideTransportError({}, t) });
    xhr.ontimeout = () => resolve({ ok: false, outcome: decideTransportError({ timeout: true }, t) });
    xhr.onabort = () => resolve({ ok: false, outcome: decideTransportError({ canceled: true }, t) });
    xhr.send(form);
  });
}

/** Carries out an outcome: returns the envelope to resolve with, or throws. */
function apply<T>(outcome: Outcome): Envelope<T> {
  switch (outcome.kind) {
    case 'ok':
      return outcome.envelope as Envelope<T>;
    case 'importFailed':
      hooks.toastError(outcome.message);
      return outcome.envelope as Envelope<T>;
    case 'expired':
      hooks.onExpired(outcome.message);
      throw new HttpError(outcome.message, 11000, true);
    case 'noAccess':
      hooks.onNoAccess(outcome.message);
      throw new HttpError(outcome.message, 401, true);
    case 'silent':
      throw new HttpError('silent', outcome.code, true);
    case 'error':
      hooks.toastError(outcome.message);
      throw new HttpError(outcome.message, outcome.code, true, outcome.data);
  }
}

/** A JSON call; resolves with the envelope (code 0, or 13017), rejects with HttpError otherwise. */
async function send<T>(opts: RequestOptions): Promise<Envelope<T>> {
  const r = await rawRequest(opts);
  if (!r.ok) return apply<T>(r.outcome);
  return apply<T>(decideResponse(r.res.status, r.res.body, t));
}

export interface FileResponse {
  blob: Blob;
  fileName: string;
}

/** A binary call: the file as it came (spreadsheets and zips pass through), or the envelope's error shown. */
async function fetchFile(url: string, params: Params | undefined, fallbackName: string): Promise<FileResponse> {
  const r = await rawRequest({ method: 'GET', url, params, responseType: 'blob' });
  if (!r.ok) {
    apply(r.outcome);
    throw new HttpError(t('http.systemError'), TransportCode.network, true);
  }
  const { status, headers, body } = r.res;
  const blob = body as Blob;
  const disposition = headers.get('content-disposition') ?? undefined;
  if (status < 400 && classifyBinary(headers.get('content-type') ?? undefined, disposition) === 'file') {
    return { blob, fileName: fileNameFrom(disposition, fallbackName) };
  }
  // A "file" that is really a JSON envelope: show its message.
  let json: unknown = null;
  try {
    json = JSON.parse(await blob.text());
  } catch {
    json = null;
  }
  const outcome = decideResponse(status, json, t);
  apply(outcome.kind === 'ok' ? { kind: 'error', message: t('http.badResponse', { status }), code: TransportCode.badResponse } : outcome);
  throw new HttpError(t('http.systemError'), TransportCode.badResponse, true);
}

function saveFile({ blob, fileName }: FileResponse): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** The one HTTP client of the web app (spec section 8). GET parameters go in the query, POST data in the body. */
export const http = {
  /** Full envelope, for callers that read code 13017's data. */
  request: send,
  async get<T>(url: string, params?: Params, signal?: AbortSignal): Promise<T> {
    const server = ssrGet(url, params);
    if (server) return (await server) as T;
    return (await send<T>({ method: 'GET', url, params, signal })).data;
  },
  async post<T>(url: string, data?: unknown): Promise<T> {
    return (await send<T>({ method: 'POST', url, data })).data;
  },
  /**
   * Multipart upload of one file, after the form's text `fields` when given (they travel in the body, not the
   * address); resolves with the envelope (13017 resolves too). With `onProgress` it goes through XMLHttpRequest and
   * reports the percentage sent.
   */
  async upload<T>(url: string, file: Blob, field = 'file', onProgress?: (percent: number) => void, fields: Record<string, string> = {}): Promise<Envelope<T>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, file);
    if (!onProgress) return send<T>({ method: 'POST', url, data: form });
    const r = await xhrUpload(url, form, onProgress);
    if (!r.ok) return apply<T>(r.outcome);
    return apply<T>(decideResponse(r.res.status, r.res.body, t));
  },
  /**
   * A call whose failure the screen can live without (reference data another part of the platform may not
   * serve yet): undefined instead of a toast. An expired login or no access still takes their usual course.
   */
  async optional<T>(url: string, params?: Params, signal?: AbortSignal): Promise<T | undefined> {
    const r = await rawRequest({ method: 'GET', url, params, signal });
    const outcome = r.ok ? decideResponse(r.res.status, r.res.body, t) : r.outcome;
    if (outcome.kind === 'ok') return outcome.envelope.data as T;
    if (outcome.kind === 'expired' || outcome.kind === 'noAccess') apply(outcome);
    return undefined;
  },
  fetchFile,
  async download(url: string, params: Params | undefined, fallbackName: string): Promise<void> {
    saveFile(await fetchFile(url, params, fallbackName));
  },
};
