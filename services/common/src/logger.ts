import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import type { BaseConfig } from './config';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/**
 * The process's logger, set up from its configuration: JSON lines in production, readable lines elsewhere.
 * Code elsewhere logs through Nest's `new Logger(context)`, which writes here.
 */
export function createLogger(context: string, config: Pick<BaseConfig, 'logLevel' | 'nodeEnv'>): ConsoleLogger {
  const idx = Math.max(0, LEVELS.indexOf(config.logLevel.replace('info', 'log') as LogLevel));
  return new ConsoleLogger(context, {
    logLevels: LEVELS.slice(0, idx + 1),
    json: config.nodeEnv === 'production',
    colors: false,
  });
}
