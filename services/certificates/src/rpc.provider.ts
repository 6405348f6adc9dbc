import type { Provider } from '@nestjs/common';
import { NatsRpcClient } from '@cmp/common';
import { CERTIFICATES_CONFIG, type CertificatesConfig } from './config';

/** Requests to other services: organisation scopes (auth), competitions and their events (competitions), approved sign-ups (enrollment). */
export const PEER_RPC = Symbol('PEER_RPC');

export const rpcProvider: Provider = {
  provide: PEER_RPC,
  inject: [CERTIFICATES_CONFIG],
  useFactory: (c: CertificatesConfig) => NatsRpcClient.connect(c.natsUrl, `certificates-${process.pid}`, c.rpcTimeoutMs),
};
