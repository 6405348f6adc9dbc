import type { Provider } from '@nestjs/common';
import { NatsRpcClient } from '@cmp/common';
import { COMPETITIONS_CONFIG, type CompetitionsConfig } from './config';

/** Requests to other services (organisations live in the auth service). */
export const AUTH_RPC = Symbol('AUTH_RPC');

export const rpcProvider: Provider = {
  provide: AUTH_RPC,
  inject: [COMPETITIONS_CONFIG],
  useFactory: (c: CompetitionsConfig) => NatsRpcClient.connect(c.natsUrl, `competitions-${process.pid}`, c.rpcTimeoutMs),
};
