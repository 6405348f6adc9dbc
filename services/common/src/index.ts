export * from './app-error';
export * from './config';
export * from './database';
export * from './logger';
export * from './nats-rpc';
export * from './redis';
export * from './rpc-server';
export * from './spreadsheet';
