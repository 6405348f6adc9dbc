import type { Provider } from '@nestjs/common';
import { createRedis } from '@cmp/common';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';

export const REDIS = Symbol('REDIS');

export const redisProvider: Provider = {
  provide: REDIS,
  inject: [GATEWAY_CONFIG],
  // One session lookup per request: auto-pipelined, the lookups of requests read in the same turn share one write.
  useFactory: (config: GatewayConfig) => createRedis(config, 'gateway', { autoPipelining: true }),
};
