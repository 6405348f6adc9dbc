import { randomBytes, randomInt } from 'node:crypto';
import { AppError, type Redis } from '@cmp/common';
import { KIOSK_PAIRING_SECONDS, type KioskPairing, type KioskPairStatus } from '@cmp/contracts';

/**
 * Pairing a venue screen (Redis, short-lived): the kiosk asks for a code and shows it; an organiser types it in the
 * back office and binds the kiosk to rooms; the kiosk, polling with its private pairing key, then picks up its device
 * token once. The code is claimed atomically (GETDEL), so two organisers typing it at once bind one kiosk.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const codeKey = (code: string) => `kiosk:pair:${code}`;
const waitKey = (pairingKey: string) => `kiosk:wait:${pairingKey}`;
const tokenKey = (pairingKey: string) => `kiosk:token:${pairingKey}`;

export async function startPairing(redis: Redis): Promise<KioskPairing> {
  const pairingKey = randomBytes(24).toString('base64url');
  for (;;) {
    const code = Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (await redis.set(codeKey(code), pairingKey, 'EX', KIOSK_PAIRING_SECONDS, 'NX')) {
      await redis.set(waitKey(pairingKey), code, 'EX', KIOSK_PAIRING_SECONDS);
      return { code, pairingKey, expiresAt: new Date(Date.now() + KIOSK_PAIRING_SECONDS * 1000).toISOString() };
    }
  }
}

/** Claims the code, binds the kiosk (bind answers its token) and leaves the token for the kiosk; a failed bind frees the code again. */
export async function bindPairing<T extends { token: string }>(redis: Redis, code: string, bind: () => Promise<T>): Promise<T> {
  const pairingKey = await redis.getdel(codeKey(code.toUpperCase()));
  if (!pairingKey) throw AppError.badRequest('kiosk.badCode');
  let bound: T;
  try {
    bound = await bind();
  } catch (e) {
    await redis.set(codeKey(code.toUpperCase()), pairingKey, 'EX', KIOSK_PAIRING_SECONDS);
    throw e;
  }
  await redis.set(tokenKey(pairingKey), bound.token, 'EX', KIOSK_PAIRING_SECONDS);
  return bound;
}

/** Whether the kiosk was bound: the token is handed over once. */
export async function pairingStatus(redis: Redis, pairingKey: string): Promise<KioskPairStatus> {
  const token = await redis.getdel(tokenKey(pairingKey));
  if (token) {
    await redis.del(waitKey(pairingKey));
    return { bound: true, token };
  }
  if (!(await redis.exists(waitKey(pairingKey)))) throw AppError.badRequest('kiosk.badPairing');
  return { bound: false, token: null };
}
