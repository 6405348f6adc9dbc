import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, formatBytes, lostRedis } from '@cmp/common';
import { ErrorCode, httpStatusOf, translateError, type Envelope, type Lang } from '@cmp/contracts';
import { metaOf, type GatewayRequest } from './request-context';
import { describeValidation, InvalidInput } from './validation';

/**
 * The one error mapping of the gateway: whatever went wrong becomes the envelope with a non-zero
 * code and a message in the caller's language. Only real faults are logged with their stack,
 * and no stack ever reaches the client.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  constructor(private readonly limits: { bodyLimitBytes: number; uploadLimitBytes: number }) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { lang, requestId } = metaOf(req);
    const { code, msg, data } = this.describe(exception, req, lang);
    (req as GatewayRequest).outcome = { code, msg };
    if (code === ErrorCode.INTERNAL) {
      this.logger.error(`[${requestId}] ${req.method} ${req.url}: ${(exception as Error)?.stack ?? String(exception)}`);
    }
    const body: Envelope = { code, msg, data: data ?? null };
    const wait = retryAfterOf(exception);
    if (wait) void reply.header('retry-after', String(wait));
    void reply.status(httpStatusOf(code)).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private describe(e: unknown, req: FastifyRequest, lang: Lang): { code: number; msg: string; data?: unknown } {
    // Every value in an error message is cut (a path, a content type, a service's parameters): none comes back whole.
    const t = (key: string, params?: Record<string, string | number>) => translateError(key, lang, params);
    if (e instanceof AppError) return { code: e.code, msg: t(e.key, e.params), data: e.data };
    if (e instanceof InvalidInput) return { code: ErrorCode.BAD_REQUEST, msg: t('error.validation', { detail: describeValidation(e.errors, lang) }) };
    // Redis (sessions, limits, caches) unreachable or restarting: unavailable for a moment, as a service that is down.
    if (lostRedis(e)) return { code: ErrorCode.SERVICE_UNAVAILABLE, msg: t('error.serviceUnavailable', { service: 'redis' }) };

    // Nest hands Fastify's own errors (body too large, unknown content type) over as HttpExceptions.
    const status = e instanceof HttpException ? e.getStatus() : (e as { statusCode?: number }).statusCode;
    switch (status) {
      case 404:
        return { code: ErrorCode.NOT_FOUND, msg: t('error.notFound', { path: req.url.split('?')[0] }) };
      case 413: // the route's own limit when it has one (Alipay's notify address)
        return { code: ErrorCode.PAYLOAD_TOO_LARGE, msg: t('error.payloadTooLarge', { limit: formatBytes(req.routeOptions?.bodyLimit ?? this.limits.bodyLimitBytes) }) };
      case 415:
        return { code: ErrorCode.UNSUPPORTED_MEDIA, msg: t('error.unsupportedMedia', { type: String(req.headers['content-type'] ?? '') }) };
    }
    if (status !== undefined && status >= 400 && status < 500) {
      return { code: ErrorCode.BAD_REQUEST, msg: t('error.validation', { detail: (e as Error).message }) };
    }
    return { code: ErrorCode.INTERNAL, msg: t('error.system') };
  }
}

/** A throttled call that says how long to wait (`seconds`) says it to HTTP clients too (Retry-After). */
function retryAfterOf(e: unknown): number | undefined {
  if (!(e instanceof AppError) || e.code !== ErrorCode.TOO_MANY_REQUESTS) return undefined;
  const seconds = Number(e.params?.seconds);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}
