import { StreamableFile } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANG, ErrorCode, translate, type Envelope, type Lang } from '@cmp/contracts';
import { metaOf } from './request-context';

// The success message in each language, translated once.
const OK: Record<Lang, string> = { 'zh-CN': translate('ok', 'zh-CN'), en: translate('ok', 'en') };

/** A handler's successful result as `{ code: 0, msg, data }`; files pass through untouched. */
export function envelopeOf(data: unknown, req: FastifyRequest | undefined): unknown {
  if (data instanceof StreamableFile || Buffer.isBuffer(data)) return data;
  const lang = req ? metaOf(req).lang : DEFAULT_LANG;
  return { code: ErrorCode.OK, msg: OK[lang], data: data ?? null } satisfies Envelope;
}

/**
 * The Fastify adapter that wraps every route handler's result in the envelope. Nest hands each result to reply() (its
 * response controller; errors go to the ErrorFilter instead): wrapping it here rather than in a global interceptor
 * spares every request the interceptor's rxjs pipeline and its two AsyncResource bindings.
 */
export class EnvelopeAdapter extends FastifyAdapter {
  override reply(response: Parameters<FastifyAdapter['reply']>[0], body: unknown, statusCode?: number) {
    return super.reply(response, envelopeOf(body, (response as Partial<FastifyReply>).request), statusCode);
  }
}
