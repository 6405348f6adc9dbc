/**
 * Response codes carried in every envelope `{ code, msg, data }`.
 * 0, 401, 11000, 13017 and 40030 come from the product spec (section 8); the rest are ours.
 * Never renumber a code: clients branch on them.
 */
export const ErrorCode = {
  OK: 0,
  /** No access: the web goes to /backDesk/noPage. */
  NO_ACCESS: 401,
  /** Login expired or revoked: the web asks to log in again. */
  LOGIN_EXPIRED: 11000,
  /** A spreadsheet import failed; data lists the rows. */
  IMPORT_FAILED: 13017,
  /** An error the web shows no message for. */
  SILENT: 40030,
  BAD_REQUEST: 10400,
  BAD_CREDENTIALS: 10401,
  NOT_FOUND: 10404,
  CONFLICT: 10409,
  PAYLOAD_TOO_LARGE: 10413,
  UNSUPPORTED_MEDIA: 10415,
  TOO_MANY_REQUESTS: 10429,
  INTERNAL: 10500,
  SERVICE_UNAVAILABLE: 10503,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status that goes with each code; the body's code is what clients act on. */
export const httpStatusOf = (code: number): number => {
  switch (code) {
    case ErrorCode.OK:
      return 200;
    case ErrorCode.LOGIN_EXPIRED:
    case ErrorCode.BAD_CREDENTIALS:
      return 401;
    case ErrorCode.NO_ACCESS:
      return 403;
    case ErrorCode.NOT_FOUND:
      return 404;
    case ErrorCode.CONFLICT:
      return 409;
    case ErrorCode.PAYLOAD_TOO_LARGE:
      return 413;
    case ErrorCode.UNSUPPORTED_MEDIA:
      return 415;
    case ErrorCode.TOO_MANY_REQUESTS:
      return 429;
    case ErrorCode.SERVICE_UNAVAILABLE:
      return 503;
    case ErrorCode.INTERNAL:
      return 500;
    default:
      return 400;
  }
};

/** Response envelope of every HTTP call. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Error as it travels over NATS: a message key and its parameters, translated at the edge. */
export interface ErrorPayload {
  code: number;
  key: string;
  params?: Record<string, string | number>;
  data?: unknown;
}
