import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** The local sandbox's merchant app id (SANDBOX_APP_ID in infra/alipay-sandbox/config.js): its keys go with no other. */
export const SANDBOX_APP_ID = '9021000000000001';

/** A key as people paste it: a PEM, or the bare base64 body Alipay's key tool shows. Null when missing or unreadable. */
function keyOf(text: string, kind: 'public' | 'private'): KeyObject | null {
  const body = text.trim();
  if (!body) return null;
  try {
    if (body.includes('-----BEGIN')) return kind === 'public' ? createPublicKey(body) : createPrivateKey(body);
    const der = Buffer.from(body.replace(/\s+/g, ''), 'base64');
    if (kind === 'public') return createPublicKey({ key: der, format: 'der', type: 'spki' });
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } catch {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
    }
  } catch {
    return null;
  }
}

/** Whether `publicKey` is the public half of `privateKey`: then whoever holds that private key signs as Alipay. */
export function isPublicHalfOf(publicKey: string, privateKey: string): boolean {
  const pub = keyOf(publicKey, 'public');
  const priv = keyOf(privateKey, 'private');
  if (!pub || !priv) return false;
  const spki = (k: KeyObject) => k.export({ format: 'der', type: 'spki' });
  return spki(createPublicKey(priv)).equals(spki(pub));
}
