import { Injectable, StreamableFile, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { ErrorCode, translate, type Envelope, type Lang } from '@cmp/contracts';
import { metaOf } from './request-context';

// The success message in each language, translated once.
const OK: Record<Lang, string> = { 'zh-CN': translate('ok', 'zh-CN'), en: translate('ok', 'en') };

/** Wraps every successful JSON result as `{ code: 0, msg, data }`; files pass through untouched. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { lang } = metaOf(ctx.switchToHttp().getRequest<FastifyRequest>());
    return next.handle().pipe(
      map((data): unknown =>
        data instanceof StreamableFile || Buffer.isBuffer(data)
          ? data
          : ({ code: ErrorCode.OK, msg: OK[lang], data: data ?? null } satisfies Envelope),
      ),
    );
  }
}
