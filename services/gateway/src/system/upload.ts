import '@fastify/multipart';
import { AppError, looksLikeXlsx, readWorkbook, type SheetColumn } from '@cmp/common';
import { ErrorCode, type ImportCheckReply, translate, type Lang } from '@cmp/contracts';
import type { FastifyRequest } from 'fastify';

const formatBytes = (n: number) => (n >= 1048576 ? `${Math.round(n / 1048576)} MB` : `${Math.round(n / 1024)} KB`);

/**
 * Reads the uploaded spreadsheet (multipart field `file`) into rows keyed by column. The file is
 * judged by its bytes, not its name or declared type; every failure says what is wrong with it.
 */
export async function readUploadedSheet(req: FastifyRequest, columns: readonly SheetColumn[], limitBytes: number) {
  let buf: Buffer;
  try {
    const file = await req.file({ limits: { fileSize: limitBytes, files: 1 } });
    if (!file) throw AppError.badRequest('import.noFile');
    buf = await file.toBuffer();
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'import.fileTooLarge', { limit: formatBytes(limitBytes) });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, 'error.unsupportedMedia', { type: String(req.headers['content-type'] ?? '') });
    }
    throw AppError.badRequest('import.noFile');
  }
  if (!looksLikeXlsx(buf)) throw AppError.badRequest('import.badFile', { detail: 'not an .xlsx workbook' });
  let parsed;
  try {
    parsed = await readWorkbook(buf, columns);
  } catch (e) {
    throw AppError.badRequest('import.badFile', { detail: (e as Error).message });
  }
  if (parsed.missingColumns.length) throw AppError.badRequest('import.badHeader', { columns: parsed.missingColumns.join(', ') });
  return parsed.rows;
}

/** A file that cannot be imported is an import failure (13017) with the reason as its only error row. */
export function asImportFailure(e: unknown, lang: Lang): unknown {
  if (!(e instanceof AppError) || e.code === ErrorCode.IMPORT_FAILED) return e;
  const data: ImportCheckReply = { total: 0, valid: 0, errors: [{ rowNumber: 0, field: 'file', message: translate(e.key, lang, e.params) }] };
  return new AppError(ErrorCode.IMPORT_FAILED, 'import.failed', undefined, data);
}
