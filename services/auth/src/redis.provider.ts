import { createRedis } from '@cmp/common';
import type { Provider } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from './config';

export const REDIS = Symbol('REDIS');

export const redisProvider: Provider = {
  provide: REDIS,
  inject: [AUTH_CONFIG],
  useFactory: (config: AuthConfig) => createRedis(config, 'auth'),
};
