import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import type { BaseConfig } from './config';
import { currentRequestId, enableRequestLines } from './request-context';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Nest's console logger, with the id of the request the line was written for (see request-context.ts). */
class RequestIdLogger extends ConsoleLogger {
  protected override formatContext(context: string): string {
    const base = super.formatContext(context);
    const requestId = currentRequestId();
    return requestId ? `${base}[${requestId}] ` : base;
  }

  protected override getJsonLogObject(message: unknown, options: { context: string; logLevel: LogLevel; writeStreamType?: 'stdout' | 'stderr'; errorStack?: unknown }) {
    const line = super.getJsonLogObject(message, options);
    const requestId = currentRequestId();
    return requestId ? { ...line, requestId } : line;
  }
}

/**
 * The process's logger, set up from its configuration: JSON lines in production, readable lines elsewhere.
 * Code elsewhere logs through Nest's `new Logger(context)`, which writes here. At level 'log' (LOG_LEVEL=info) and
 * finer, the process also writes one line per request or job it handles (writeRequestLine).
 */
export function createLogger(context: string, config: Pick<BaseConfig, 'logLevel' | 'nodeEnv'>): ConsoleLogger {
  const idx = Math.max(0, LEVELS.indexOf(config.logLevel.replace('info', 'log') as LogLevel));
  enableRequestLines(idx >= LEVELS.indexOf('log'));
  return new RequestIdLogger(context, {
    logLevels: LEVELS.slice(0, idx + 1),
    json: config.nodeEnv === 'production',
    colors: false,
  });
}
