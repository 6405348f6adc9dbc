import type { FastifyInstance } from 'fastify';
import { AppError } from '@cmp/common';
import { ErrorCode } from '@cmp/contracts';
import { jsonDepth, MAX_JSON_DEPTH } from './input-limits';

/**
 * Fastify's own JSON parser (with its prototype-poisoning guards), except that a malformed body
 * becomes an AppError the error filter can explain, an empty body counts as `{}`, and a body nested
 * deeper than any contract is refused before it is parsed (deep nesting exhausts recursive code later).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && !body.trim())) return done(null, {});
    if (jsonDepth(body as string) > MAX_JSON_DEPTH) return done(AppError.badRequest('error.jsonTooDeep', { max: MAX_JSON_DEPTH }), undefined);
    parse(req, body as string, (err, value) => {
      if (err) return done(AppError.badRequest('error.badJson'), undefined);
      done(null, value);
    });
  });
}

/**
 * Form-encoded bodies as a flat object of strings (a name given twice keeps its last value), on the listed paths only
 * (Alipay's notifications). Everywhere else a form is refused as before: browsers post forms across sites unasked.
 */
export function registerFormParser(app: FastifyInstance, paths: string[]): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    if (!paths.some((p) => req.url.split('?')[0] === p)) {
      return done(new AppError(ErrorCode.UNSUPPORTED_MEDIA, 'error.unsupportedMedia', { type: String(req.headers['content-type'] ?? '') }), undefined);
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
