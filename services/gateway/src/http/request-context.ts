import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { pickLang, type Identity, type RequestMeta } from '@cmp/contracts';

/** What the guard attaches to a request. */
export interface GatewayRequest extends FastifyRequest {
  identity?: Identity;
  /** Code and message of a failed call, for the operation log (success leaves it unset). */
  outcome?: { code: number; msg: string };
}

/** The request's metadata, worked out once per request (the interceptor, the handler's Ctx and the filter all ask). */
export const metaOf = (req: FastifyRequest): RequestMeta =>
  ((req as FastifyRequest & { meta?: RequestMeta }).meta ??= {
    requestId: String(req.id),
    ip: req.ip,
    lang: pickLang((req.headers['x-lang'] as string | undefined) ?? req.headers['accept-language']),
  });

/** The X-Request-Id the caller sent, cut to what the log keeps: for tracing only, never the request's id. */
export const clientRequestIdOf = (req: FastifyRequest): string | null => {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && sent ? sent.slice(0, 64) : null;
};

/** The request as handlers need it: identity and metadata for the RPC call. */
export interface Ctx {
  identity?: Identity;
  meta: RequestMeta;
}

export const RequestCtx = createParamDecorator((_: unknown, ctx: ExecutionContext): Ctx => {
  const req = ctx.switchToHttp().getRequest<GatewayRequest>();
  return { identity: req.identity, meta: metaOf(req) };
});
