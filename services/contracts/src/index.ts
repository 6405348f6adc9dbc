export * from './errors';
export * from './i18n';
export * from './permissions';
export * from './rpc';
export * from './subjects';
export * from './auth';
export * from './id-number';
export * from './website';
