import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links to a stored file, opened without a login (the PDF viewers /preview and /pdf): the route
 * that issues one has already checked who asks; the link names the file, how to serve it and until when, and its
 * signature proves the platform made it. The key is derived from a secret the gateway already holds.
 */
export interface FileLink {
  /** Storage key of the file. */
  key: string;
  /** The name a download gets. */
  name: string;
  contentType: string;
  /** Expiry, in seconds since the epoch. */
  expires: number;
}

const payload = (l: FileLink) => [l.key, l.name, l.contentType, l.expires].join('\n');

export const fileLinkKey = (secret: string): Buffer => createHmac('sha256', secret).update('file-links').digest();

export function signFileLink(key: Buffer, link: FileLink): string {
  return createHmac('sha256', key).update(payload(link)).digest('base64url');
}

/** True when `signature` is this link's and it has not expired at `nowSeconds`. */
export function verifyFileLink(key: Buffer, link: FileLink, signature: string, nowSeconds = Date.now() / 1000): boolean {
  if (!(link.expires > nowSeconds)) return false;
  const expected = Buffer.from(signFileLink(key, link));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
