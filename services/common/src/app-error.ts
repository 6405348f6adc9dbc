import { ErrorCode, type ErrorPayload, type MessageKey } from '@cmp/contracts';

/**
 * The one error type of the platform: a response code, a message key from the contracts catalogue
 * and its parameters. Services throw it; the gateway renders it in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey | string,
    readonly params?: Record<string, string | number>,
    readonly data?: unknown,
  ) {
    super(`${key}${params ? ' ' + JSON.stringify(params) : ''}`);
    this.name = 'AppError';
  }

  toPayload(): ErrorPayload {
    return { code: this.code, key: this.key, params: this.params, data: this.data };
  }

  static fromPayload(p: ErrorPayload): AppError {
    return new AppError(p.code, p.key, p.params, p.data);
  }

  static badRequest(key: MessageKey, params?: Record<string, string | number>, data?: unknown): AppError {
    return new AppError(ErrorCode.BAD_REQUEST, key, params, data);
  }

  static notFound(key: MessageKey, params?: Record<string, string | number>): AppError {
    return new AppError(ErrorCode.NOT_FOUND, key, params);
  }

  static conflict(key: MessageKey, params?: Record<string, string | number>): AppError {
    return new AppError(ErrorCode.CONFLICT, key, params);
  }

  static noAccess(key: MessageKey = 'auth.noAccess', params?: Record<string, string | number>): AppError {
    return new AppError(ErrorCode.NO_ACCESS, key, params);
  }
}

export const isErrorPayload = (x: unknown): x is ErrorPayload =>
  typeof x === 'object' && x !== null && typeof (x as ErrorPayload).code === 'number' && typeof (x as ErrorPayload).key === 'string';

/** PostgreSQL's unique_violation, for mapping a lost race to a clear conflict. */
export const isUniqueViolation = (e: unknown, constraint?: string): boolean => {
  const err = e as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = err?.code ?? err?.driverError?.code;
  const name = err?.constraint ?? err?.driverError?.constraint;
  return code === '23505' && (!constraint || name === constraint);
};

/** The SQLSTATE of a PostgreSQL error (TypeORM wraps it as driverError). */
export const sqlStateOf = (e: unknown): string | undefined => {
  const err = e as { code?: unknown; driverError?: { code?: unknown } };
  const code = err?.driverError?.code ?? err?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};
