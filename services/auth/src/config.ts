import { loadConfig } from '@cmp/common';

/** Read once at start-up; see .env.example for each variable. */
export const loadAuthConfig = () =>
  loadConfig((env) => ({
    jwtSecret: env.secret('JWT_SECRET'),
    tokenTtlSeconds: env.int('TOKEN_TTL_SECONDS', 43200, 60, 30 * 86400),
    loginFreeFailures: env.int('LOGIN_FREE_FAILURES', 3, 1, 100),
    loginMaxWaitSeconds: env.int('LOGIN_MAX_WAIT_SECONDS', 900, 1, 86400),
    loginIpLimitPerMinute: env.int('LOGIN_IP_LIMIT_PER_MINUTE', 30, 1, 100000),
    codeTtlSeconds: env.int('LOGIN_CODE_TTL_SECONDS', 300, 30, 3600),
    codeMaxAttempts: env.int('LOGIN_CODE_MAX_ATTEMPTS', 5, 1, 20),
    codeResendSeconds: env.int('LOGIN_CODE_RESEND_SECONDS', 60, 0, 3600),
    dbPoolSize: env.int('DB_POOL_SIZE', 10, 1, 200),
  }));
export type AuthConfig = ReturnType<typeof loadAuthConfig>;

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
export const AUTH_SCHEMA = 'auth';
