import { ErrorCode, type Envelope } from '@cmp/contracts';

/** What the client does with a response (spec section 8). Pure: no I/O, no UI. */
export type Outcome =
  /** code 0: resolve with the envelope. */
  | { kind: 'ok'; envelope: Envelope }
  /** 11000: clear token and cookie, ask to log in again, go home and reload. */
  | { kind: 'expired'; message: string }
  /** 401: go to /backDesk/noPage with the message; no toast. */
  | { kind: 'noAccess'; message: string }
  /** 13017: toast 'import failed!' and resolve with the envelope (its data lists the rows). */
  | { kind: 'importFailed'; message: string; envelope: Envelope }
  /** 40030, or a cancelled request: reject without any message. */
  | { kind: 'silent'; code: number }
  /** Any other failure: toast the message and reject (with the envelope's data, e.g. `{ field }` of a form error). */
  | { kind: 'error'; message: string; code: number; data?: unknown };

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Codes that are not the server's: the request never got an envelope back. */
export const TransportCode = { network: -1, timeout: -2, canceled: -3, badResponse: -4 } as const;

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

export function decideEnvelope(body: Envelope, t: Translate): Outcome {
  switch (body.code) {
    case ErrorCode.OK:
      return { kind: 'ok', envelope: body };
    case ErrorCode.LOGIN_EXPIRED:
      return { kind: 'expired', message: t('http.expired') };
    case ErrorCode.NO_ACCESS:
      return { kind: 'noAccess', message: t('http.noAccess') };
    case ErrorCode.IMPORT_FAILED:
      return { kind: 'importFailed', message: t('http.importFailed'), envelope: body };
    case ErrorCode.SILENT:
      return { kind: 'silent', code: body.code };
    default: {
      const msg = typeof body.msg === 'string' && body.msg.trim() ? body.msg : t('http.systemError');
      return { kind: 'error', message: msg, code: body.code, ...(body.data != null && { data: body.data }) };
    }
  }
}

/**
 * Any HTTP answer: the gateway sends an envelope with every status (11000 comes with 401, 401 with 403),
 * so the envelope's code decides; without one, the status class does.
 */
export function decideResponse(status: number, body: unknown, t: Translate): Outcome {
  if (isEnvelope(body)) return decideEnvelope(body, t);
  if (status >= 500) return { kind: 'error', message: t('http.serverError', { status }), code: TransportCode.badResponse };
  if (status >= 400) return { kind: 'error', message: t('http.badRequest', { status }), code: TransportCode.badResponse };
  return { kind: 'error', message: t('http.badResponse', { status }), code: TransportCode.badResponse };
}

/**
 * Whether a screen should still say that a call with this code failed. Not after 11000 (the expiry
 * dialog takes over), 401 (the app has gone to the no-access page), 40030 (nothing may be shown) or a
 * cancelled call; other failures were only toasted, so a screen may keep saying it could not load.
 */
export function isReportableCode(code: number): boolean {
  const handled: number[] = [ErrorCode.LOGIN_EXPIRED, ErrorCode.NO_ACCESS, ErrorCode.SILENT, TransportCode.canceled];
  return !handled.includes(code);
}

/** A request that got no HTTP answer at all. */
export function decideTransportError(failure: { canceled?: boolean; timeout?: boolean }, t: Translate): Outcome {
  if (failure.canceled) return { kind: 'silent', code: TransportCode.canceled };
  if (failure.timeout) return { kind: 'error', message: t('http.timeout'), code: TransportCode.timeout };
  return { kind: 'error', message: t('http.network'), code: TransportCode.network };
}

const FILE_TYPES = [
  'application/vnd.openxmlformats-officedocument',
  'application/vnd.ms-excel',
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
  'application/pdf',
];

/**
 * A binary (blob) response is a file to save when it says so (attachment header or a file type);
 * otherwise it is read as a JSON envelope, typically an error from an export call.
 */
export function classifyBinary(contentType: string | undefined, disposition: string | undefined): 'file' | 'json' {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) return 'json';
  if (disposition && /attachment|filename/i.test(disposition)) return 'file';
  return FILE_TYPES.some((f) => type.startsWith(f)) ? 'file' : 'json';
}

/** File name from Content-Disposition (RFC 5987 `filename*` first), else the fallback. */
export function fileNameFrom(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  if (plain) {
    try {
      return decodeURIComponent(plain[1].trim());
    } catch {
      return plain[1].trim();
    }
  }
  return fallback;
}
