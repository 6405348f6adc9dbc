import type { FastifyInstance } from 'fastify';
import { AppError } from '@cmp/common';

/**
 * Fastify's own JSON parser (with its prototype-poisoning guards), except that a malformed body
 * becomes an AppError the error filter can explain, and an empty body counts as `{}`.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && !body.trim())) return done(null, {});
    parse(req, body as string, (err, value) => {
      if (err) return done(AppError.badRequest('error.badJson'), undefined);
      done(null, value);
    });
  });
}
