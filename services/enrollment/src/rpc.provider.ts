import type { Provider } from '@nestjs/common';
import { NatsRpcClient } from '@cmp/common';
import { ENROLLMENT_CONFIG, type EnrollmentConfig } from './config';

/** Requests to other services: competition settings (competitions) and organisation scopes (auth). */
export const RPC = Symbol('ENROLLMENT_RPC');

export const rpcProvider: Provider = {
  provide: RPC,
  inject: [ENROLLMENT_CONFIG],
  useFactory: (c: EnrollmentConfig) => NatsRpcClient.connect(c.natsUrl, `enrollment-${process.pid}`, c.rpcTimeoutMs),
};
