import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, formatBytes } from '@cmp/common';
import { ErrorCode } from '@cmp/contracts';
import { hasBadCharacters } from '../http/input-limits';

/**
 * The one uploaded file of a multipart request (field `file`), at most `limitBytes`, in memory.
 * Every failure says what is wrong: no file, too large, or not a multipart request.
 */
export async function readUploadedFile(req: FastifyRequest, limitBytes: number): Promise<Buffer> {
  return (await readUpload(req, limitBytes)).data;
}

/**
 * readUploadedFile with the name the client gave the file (shown to people, never used as a path) and the form's
 * text fields sent before it.
 */
export async function readUpload(req: FastifyRequest, limitBytes: number): Promise<{ data: Buffer; filename: string; fields: Record<string, string> }> {
  const tooLarge = () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'upload.tooLarge', { limit: formatBytes(limitBytes) });
  try {
    const file = await req.file({ limits: { fileSize: limitBytes, files: 1 } });
    if (!file) throw AppError.badRequest('upload.noFile');
    // A name like "x.pdf\0.html" reads differently to different programs: refused before the bytes are read.
    if (hasBadCharacters(file.filename ?? '')) throw AppError.badRequest('error.controlCharacter', { field: 'filename' });
    const buf = await file.toBuffer();
    // @fastify/multipart checks the size limit only between chunks: a stream cut at the limit by its last
    // chunk comes back whole-looking, so the truncated flag is checked once more here.
    if (file.file.truncated) throw tooLarge();
    const fields = Object.fromEntries(
      Object.values(file.fields).flatMap((f) => (f && !Array.isArray(f) && f.type === 'field' && typeof f.value === 'string' ? [[f.fieldname, f.value]] : [])),
    );
    return { data: buf, filename: file.filename ?? '', fields };
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA, 'error.unsupportedMedia', { type: String(req.headers['content-type'] ?? '') });
    }
    throw AppError.badRequest('upload.noFile');
  }
}
