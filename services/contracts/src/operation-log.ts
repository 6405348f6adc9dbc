import type { PageQuery } from './rpc';

/**
 * One finished mutating call (or login attempt) as the gateway saw it. It never carries passwords,
 * codes or tokens: `params` is a redacted summary of the body (see redactParams in the gateway).
 */
export interface OperationLoggedEvent {
  requestId: string;
  userId: number | null;
  username: string | null;
  groupId: number | null;
  method: string;
  path: string;
  /** "<module> / <action>" of the route, e.g. "system: users / add". */
  title: string;
  /** The envelope's code: 0 is success. */
  resultCode: number;
  /** The message the caller got when the call failed (in the caller's language); null on success. */
  message: string | null;
  durationMs: number;
  ip: string;
  userAgent: string | null;
  params: string | null;
  /** ISO time the call ended. */
  at: string;
}

export interface OperationLogView extends Omit<OperationLoggedEvent, 'at'> {
  id: number;
  success: boolean;
  groupName: string | null;
  occurredAt: string;
}

export interface OperationLogQuery extends PageQuery {
  username?: string;
  /** Part of the path or of the title. */
  keyword?: string;
  /** 'success' or 'failure'; absent means both. */
  result?: 'success' | 'failure';
  /** ISO dates or times, inclusive start, exclusive end. */
  from?: string;
  to?: string;
}
