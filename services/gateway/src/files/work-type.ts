import type { WorkFileType } from '@cmp/contracts';

/** What a work file's bytes are: the extensions it may carry and the type it is served with. */
export interface WorkContent {
  /** Most specific first: a .docx is also a zip archive. */
  types: WorkFileType[];
  contentType: string;
}

const startsWith = (buf: Buffer, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
// ISO media files all start with "ftyp"; the major brand tells an MP4 video from HEIC photos or QuickTime.
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'MSNV']);

const CONTENT_TYPES: Record<WorkFileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
};

/**
 * Judges a work file by its first bytes, never by its name or declared type. Office Open XML files are zip
 * archives whose entry names (stored uncompressed in the local headers) tell Word from PowerPoint; the old
 * binary formats share one container (OLE), so .doc and .ppt are told apart by name only. Null: none of ours.
 */
export function sniffWorkType(buf: Buffer): WorkContent | null {
  const of = (...types: WorkFileType[]) => ({ types, contentType: CONTENT_TYPES[types[0]] });
  if (startsWith(buf, ascii('%PDF-'))) return of('pdf');
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return of('png');
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return of('jpg');
  if (startsWith(buf, ascii('ftyp'), 4) && MP4_BRANDS.has(buf.subarray(8, 12).toString('latin1'))) return of('mp4');
  if (startsWith(buf, OLE)) return of('doc', 'ppt');
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) || startsWith(buf, [0x50, 0x4b, 0x05, 0x06])) {
    const head = buf.subarray(0, Math.min(buf.length, 64 * 1024)).toString('latin1');
    if (head.includes('[Content_Types].xml') && head.includes('word/')) return of('docx', 'zip');
    if (head.includes('[Content_Types].xml') && head.includes('ppt/')) return of('pptx', 'zip');
    return of('zip');
  }
  return null;
}

/**
 * The extension to store a file under: the one its name gives when its content allows it, else the most
 * specific one allowed. Null when the content is none of the allowed types.
 */
export function chooseWorkType(content: WorkContent | null, fileName: string, allowed: readonly WorkFileType[]): WorkFileType | null {
  if (!content) return null;
  const fits = content.types.filter((t) => allowed.includes(t));
  if (!fits.length) return null;
  const named = fileName.toLowerCase().split('.').pop() as WorkFileType;
  return fits.includes(named) ? named : fits[0];
}

export const contentTypeOfWork = (ext: string): string => CONTENT_TYPES[ext as WorkFileType] ?? 'application/octet-stream';
