import type { Provider } from '@nestjs/common';
import { connect, ErrorCode as NatsErrorCode, JSONCodec, type NatsConnection, type NatsError } from 'nats';
import { randomUUID } from 'node:crypto';
import { ErrorCode, natsInboxPrefix, natsPasswordVariable, NatsUser, type RpcRequest } from '@cmp/contracts';
import { AppError, isErrorPayload } from './app-error';
import { Env, type BaseConfig } from './config';

const codec = JSONCodec<unknown>();

/** The reply packet a Nest NATS server sends. */
interface NestReply {
  id: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

/**
 * Request/reply client for Nest NATS servers. It uses the nats.js muxed request (one shared inbox
 * subscription instead of one per call) and turns "no responders" and time-outs into a clear
 * SERVICE_UNAVAILABLE error instead of a hang.
 */
export class NatsRpcClient {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly timeoutMs: number,
  ) {}

  static async connect(url: string, name: string, timeoutMs: number, credentials?: NatsCredentials): Promise<NatsRpcClient> {
    // noAsyncTraces: no stack-trace capture per request, on the hot path of every call.
    const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true, ...credentials });
    return new NatsRpcClient(nc, timeoutMs);
  }

  get connection(): NatsConnection {
    return this.nc;
  }

  async request<T>(subject: string, body: RpcRequest): Promise<T> {
    const packet = { pattern: subject, data: body, id: randomUUID() };
    let reply: NestReply;
    try {
      const msg = await this.nc.request(subject, codec.encode(packet), { timeout: this.timeoutMs });
      reply = codec.decode(msg.data) as NestReply;
    } catch (e) {
      const code = (e as NatsError).code;
      if (code === NatsErrorCode.NoResponders || code === NatsErrorCode.Timeout || code === NatsErrorCode.Disconnect) {
        throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'error.serviceUnavailable', { service: subject.split('.')[0] });
      }
      throw e;
    }
    if (reply.err !== undefined && reply.err !== null) {
      if (isErrorPayload(reply.err)) throw AppError.fromPayload(reply.err);
      throw new AppError(ErrorCode.INTERNAL, 'error.system');
    }
    return reply.response as T;
  }

  async close(): Promise<void> {
    await this.nc.drain();
  }
}

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
