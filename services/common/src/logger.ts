import { ConsoleLogger, type LogLevel } from '@nestjs/common';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** One logger setup: JSON lines in production, readable lines elsewhere. */
export function createLogger(context: string): ConsoleLogger {
  const wanted = (process.env.LOG_LEVEL ?? 'log').replace('info', 'log') as LogLevel;
  const idx = Math.max(0, LEVELS.indexOf(wanted));
  return new ConsoleLogger(context, {
    logLevels: LEVELS.slice(0, idx + 1),
    json: process.env.NODE_ENV === 'production',
    colors: false,
  });
}
