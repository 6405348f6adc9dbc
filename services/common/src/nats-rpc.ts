import type { Provider } from '@nestjs/common';
import { connect, createInbox, JSONCodec, type Msg, type NatsConnection } from 'nats';
import { ErrorCode, natsInboxPrefix, natsPasswordVariable, NatsUser, type RpcRequest } from '@cmp/contracts';
import { AppError, isErrorPayload } from './app-error';
import { Env, type BaseConfig } from './config';
import { requestIdHeaders } from './request-context';

const codec = JSONCodec<unknown>();

/** The reply packet a Nest NATS server sends. */
interface NestReply {
  id: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

/** A request waiting for its reply. */
interface Pending {
  resolve: (reply: NestReply) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

const unavailable = (subject: string) => new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'error.serviceUnavailable', { service: subject.split('.')[0] });

/**
 * Request/reply client for Nest NATS servers. Replies come to one shared inbox subscription (a wildcard under the
 * process's own inbox prefix) instead of one per call, and "no responders", time-outs and a closed connection become a
 * clear SERVICE_UNAVAILABLE error instead of a hang.
 *
 * Not nats.js's own muxed request: that one builds a NatsError (with its stack trace) for every request it answers
 * (RequestOne.resolver cancels the settled request, which rejects it with a fresh "cancelled" error), and races two
 * promises per call. Here a call costs one map entry and one timer.
 */
export class NatsRpcClient {
  private readonly pending = new Map<string, Pending>();
  private readonly inbox: string;
  private next = 0;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly timeoutMs: number,
    inboxPrefix: string | undefined,
  ) {
    this.inbox = `${createInbox(inboxPrefix)}.`;
    nc.subscribe(`${this.inbox}*`, { callback: (_err, msg) => this.answer(msg) });
    // A connection closed for good (shutdown, or an error NATS gives up on) answers what still waits.
    void nc.closed().then(() => {
      for (const [token, p] of this.pending) {
        clearTimeout(p.timer);
        this.pending.delete(token);
        p.reject(new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'error.serviceUnavailable', { service: 'nats' }));
      }
    });
  }

  static async connect(url: string, name: string, timeoutMs: number, credentials?: NatsCredentials): Promise<NatsRpcClient> {
    // noAsyncTraces: no stack-trace capture per request, on the hot path of every call (JetStream publishes here too).
    const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true, ...credentials });
    return new NatsRpcClient(nc, timeoutMs, credentials?.inboxPrefix);
  }

  get connection(): NatsConnection {
    return this.nc;
  }

  /**
   * Sends a request and answers the reply's response. The request id travels in a header: the one in the call's
   * metadata (the gateway's calls), or else the one of the request this code runs for (a service calling on).
   */
  async request<T>(subject: string, body: RpcRequest): Promise<T> {
    const token = (this.next++).toString(36);
    const reply = await new Promise<NestReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(unavailable(subject));
      }, this.timeoutMs);
      this.pending.set(token, { resolve, reject: (e) => reject(e.message === NO_RESPONDERS ? unavailable(subject) : e), timer });
      try {
        this.nc.publish(subject, codec.encode({ pattern: subject, data: body, id: token }), {
          reply: this.inbox + token,
          headers: requestIdHeaders(body.meta?.requestId),
        });
      } catch (e) {
        // A closed or draining connection refuses at once: the service cannot be reached.
        clearTimeout(timer);
        this.pending.delete(token);
        reject(this.nc.isClosed() || this.nc.isDraining() ? unavailable(subject) : e);
      }
    });
    if (reply.err !== undefined && reply.err !== null) {
      if (isErrorPayload(reply.err)) throw AppError.fromPayload(reply.err);
      throw new AppError(ErrorCode.INTERNAL, 'error.system');
    }
    return reply.response as T;
  }

  private answer(msg: Msg): void {
    const token = msg.subject.slice(this.inbox.length);
    const p = this.pending.get(token);
    if (!p) return; // answered after its time-out
    this.pending.delete(token);
    clearTimeout(p.timer);
    // NATS answers a request no server subscribes to with an empty 503 message.
    if (msg.data.length === 0 && msg.headers?.code === 503) return p.reject(new Error(NO_RESPONDERS));
    try {
      p.resolve(codec.decode(msg.data) as NestReply);
    } catch (e) {
      p.reject(e as Error);
    }
  }

  async close(): Promise<void> {
    await this.nc.drain();
  }
}

const NO_RESPONDERS = 'no responders';

/** How a process signs in to NATS: its own user, that user's password, and reply inboxes only that user may read. */
export interface NatsCredentials {
  user: string;
  pass: string;
  inboxPrefix: string;
}

let workerProcess = false;
/** bootWorker marks its process: a worker signs in as its service's worker user (`payment-worker`), which answers no request. */
export function signInAsWorker(): void {
  workerProcess = true;
}

/**
 * The NATS user of this process (the service, or its worker) with its password from the environment
 * (`NATS_PASSWORD_<USER>`, written into .env by `npm start`, from a Secret in Kubernetes). What the user may do on NATS
 * is in contracts (nats-users.ts); a missing password stops the start-up with the variable's name.
 */
export function natsCredentials(service: string): NatsCredentials {
  const user = (workerProcess ? `${service}-worker` : service) as NatsUser;
  if (!Object.values(NatsUser).includes(user)) throw new Error(`"${user}" is not a NATS user of the platform (contracts, nats-users.ts)`);
  const env = new Env();
  const variable = natsPasswordVariable(user);
  const pass = env.secret(variable);
  env.done();
  // nats-server reads the password from its environment as a configuration value, where `1e5` is a number.
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(pass)) throw new Error(`Invalid configuration:\n  - ${variable} must be letters and digits, starting with a letter`);
  return { user, pass, inboxPrefix: natsInboxPrefix(user) };
}

/** Injection token of a service's one NATS client: requests to other services, events and broadcasts. */
export const RPC = Symbol('RPC');

/** The service's NATS client, connected at start-up as the service's NATS user, with its name and time-out. */
export function rpcProvider(service: string, configToken: symbol): Provider {
  return {
    provide: RPC,
    inject: [configToken],
    useFactory: (c: BaseConfig) => NatsRpcClient.connect(c.natsUrl, `${service}-${process.pid}`, c.rpcTimeoutMs, natsCredentials(service)),
  };
}
