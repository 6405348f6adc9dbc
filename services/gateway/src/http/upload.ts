import { AppError, looksLikeXlsx, readWorkbook, type SheetColumn } from '@cmp/common';
import { ErrorCode, type ImportCheckReply, translate, type Lang } from '@cmp/contracts';
import type { FastifyRequest } from 'fastify';
import { readUploadedFile } from '../files/read-upload';

/**
 * Reads the uploaded spreadsheet (multipart field `file`) into rows keyed by column. The file is
 * judged by its bytes, not its name or declared type; every failure says what is wrong with it.
 */
export async function readUploadedSheet(req: FastifyRequest, columns: readonly SheetColumn[], limitBytes: number) {
  const buf = await readUploadedFile(req, limitBytes);
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
