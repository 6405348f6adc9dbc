import { loadConfig } from '@cmp/common';

/** Read once at start-up; see .env.example for each variable. */
export const loadReviewConfig = () =>
  loadConfig((env) => ({
    dbPoolSize: env.int('DB_POOL_SIZE', 10, 2, 200),
  }));
export type ReviewConfig = ReturnType<typeof loadReviewConfig>;

export const REVIEW_CONFIG = Symbol('REVIEW_CONFIG');
export const REVIEW_SCHEMA = 'review';
