import type { Provider } from '@nestjs/common';
import { createRedis } from '@cmp/common';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';

export const REDIS = Symbol('REDIS');

export const redisProvider: Provider = {
  provide: REDIS,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) => createRedis(config, 'gateway'),
};
