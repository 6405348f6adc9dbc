import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { StoredFile } from '@cmp/common';

/**
 * Streams a stored file a route has checked the caller may read: never kept by shared caches, never sniffed into
 * another type, named for the browser (inline opens it in the tab or viewer, otherwise it downloads).
 */
export function privateFile(reply: FastifyReply, file: StoredFile, o: { contentType: string; name: string; inline?: boolean }): StreamableFile {
  void reply
    .header('content-type', o.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', `${o.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(o.name)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  return new StreamableFile(file.stream);
}
