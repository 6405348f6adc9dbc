/** Image formats accepted for upload, recognised by their first bytes (never by name or declared type). */
export interface ImageType {
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  contentType: string;
}

const startsWith = (buf: Buffer, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type the bytes really are, or null for anything else (an HTML page or script named .png included). */
export function sniffImageType(buf: Buffer): ImageType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return { ext: 'gif', contentType: 'image/gif' };
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return { ext: 'webp', contentType: 'image/webp' };
  return null;
}

const BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
/** Content type of a stored image, from the extension we gave it when it was checked. */
export const contentTypeOfStored = (name: string): string | undefined => BY_EXT[name.slice(name.lastIndexOf('.') + 1)];
