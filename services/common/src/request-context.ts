import { AsyncLocalStorage } from 'node:async_hooks';
import { writeSync } from 'node:fs';
import { headers as natsHeaders, type MsgHdrs } from 'nats';

/**
 * The request a piece of work belongs to, in a service or a worker: the id the gateway generated for the HTTP call
 * (the `x-request-id` it answers with), handed on in NATS headers and BullMQ job data. Every log line written inside
 * it carries the id (createLogger), and so do the requests, events and jobs it sends on.
 *
 * The gateway sets no store of its own: it has the id on every call (`meta.requestId`) and passes it explicitly, which
 * spares each HTTP request the promise hooks a store costs on Node 20.
 */
export interface RequestScope {
  requestId?: string;
  /** What the handler answered, when not success: set by the error filter for the per-request line. */
  outcome?: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The NATS header that carries the request id. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The id of the request this code runs for, if any. */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/** Headers carrying the request id, or undefined when there is none (no header block on the wire then). */
export function requestIdHeaders(requestId: string | undefined = currentRequestId()): MsgHdrs | undefined {
  if (!requestId) return undefined;
  const h = natsHeaders();
  h.set(REQUEST_ID_HEADER, requestId);
  return h;
}

/** The key under which job data and outbox rows carry the request id. */
export const REQUEST_ID_FIELD = '$requestId';

/** Job data for a BullMQ job queued inside a request: the worker runs the job under the same id. */
export function withRequestId<T extends object>(data: T): T {
  const requestId = currentRequestId();
  return requestId && !Array.isArray(data) ? { ...data, [REQUEST_ID_FIELD]: requestId } : data;
}

/** The request id a job's data or an outbox payload carries. */
export const carriedRequestId = (data: unknown): string | undefined => {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>)[REQUEST_ID_FIELD] : undefined;
  return typeof v === 'string' ? v : undefined;
};

let requestLinesOn = false;
let pending = '';
let flushScheduled = false;

/** Switched on by createLogger when the process logs at level 'log' (info) or finer. */
export function enableRequestLines(on: boolean): void {
  requestLinesOn = on;
}

const flush = () => {
  flushScheduled = false;
  const out = pending;
  pending = '';
  if (out) process.stdout.write(out);
};
// A process that exits (a crash, process.exit) still writes the lines of its last turn.
process.once('exit', () => {
  if (pending) writeSync(1, pending);
});

/**
 * Writes the one line a process logs per handled request or job: a JSON object, at level 'log' (info). Lines of one
 * event-loop turn go out in one write, so a busy process pays one system call per turn, not one per request.
 */
export function writeRequestLine(line: Record<string, unknown>): void {
  if (!requestLinesOn) return;
  pending += `${JSON.stringify(line)}\n`;
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flush);
  }
}

export const requestLinesEnabled = (): boolean => requestLinesOn;
