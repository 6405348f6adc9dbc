import { AppError, readWorkbookInThread, type SheetColumn } from '@cmp/common';
import { ErrorCode, type ImportCheckReply, translateError, type Lang } from '@cmp/contracts';
import type { FastifyRequest } from 'fastify';
import { readUploadedFile } from '../files/read-upload';

/**
 * Reads the uploaded spreadsheet (multipart field `file`) into rows keyed by column. Every import reads its
 * file here, through readWorkbook in a worker thread (a heavy file never stalls other requests), which judges the
 * bytes (not the name or declared type), checks the archive's limits before parsing and says in the user's
 * language what is wrong.
 */
export async function readUploadedSheet(req: FastifyRequest, columns: readonly SheetColumn[], limitBytes: number) {
  const parsed = await readWorkbookInThread(await readUploadedFile(req, limitBytes), columns);
  if (parsed.missingColumns.length) throw AppError.badRequest('import.badHeader', { columns: parsed.missingColumns.join(', ') });
  return parsed.rows;
}

/** A file that cannot be imported is an import failure (13017) with the reason as its only error row. */
export function asImportFailure(e: unknown, lang: Lang): unknown {
  if (!(e instanceof AppError) || e.code === ErrorCode.IMPORT_FAILED) return e;
  const data: ImportCheckReply = { total: 0, valid: 0, errors: [{ rowNumber: 0, field: 'file', message: translateError(e.key, lang, e.params) }] };
  return new AppError(ErrorCode.IMPORT_FAILED, 'import.failed', undefined, data);
}
