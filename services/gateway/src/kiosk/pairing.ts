import { randomBytes, randomInt } from 'node:crypto';
import { AppError, FailureLimit, type Redis } from '@cmp/common';
import { ErrorCode, KIOSK_PAIRING_SECONDS, type KioskPairing, type KioskPairStatus } from '@cmp/contracts';

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

/** Who is binding: failures are counted per account and per address. */
export interface Binder {
  userId: number;
  ip: string;
}

/**
 * Binding attempts per account and per address (see docs/decisions.md): 6 characters of 32 are a billion codes, so
 * a few failures in a window leave a guesser no chance, while an organiser who mistypes a few times is not stopped.
 */
export const pairingLimit = (redis: Redis, maxFailures: number, windowMinutes: number) =>
  new FailureLimit(redis, { action: 'kiosk-pair', maxFailures, windowMs: windowMinutes * 60_000, refusal: 'kiosk.tooManyAttempts' });

/**
 * Claims the code, binds the kiosk (bind answers its token) and leaves the token for the kiosk; a failed bind frees
 * the code again. A wrong code and a round or rooms this account may not bind to are answered alike (10400
 * kiosk.badCode) and counted alike, so the answer never tells a guesser that a code was right.
 */
export async function bindPairing<T extends { token: string }>(redis: Redis, limit: FailureLimit, who: Binder, code: string, bind: () => Promise<T>): Promise<T> {
  return limit.attempt([`account:${who.userId}`, `address:${who.ip}`], async () => {
    const pairingKey = await redis.getdel(codeKey(code.toUpperCase()));
    if (!pairingKey) throw AppError.badRequest('kiosk.badCode');
    let bound: T;
    try {
      bound = await bind();
    } catch (e) {
      await redis.set(codeKey(code.toUpperCase()), pairingKey, 'EX', KIOSK_PAIRING_SECONDS);
      throw isOutage(e) ? e : AppError.badRequest('kiosk.badCode');
    }
    await redis.set(tokenKey(pairingKey), bound.token, 'EX', KIOSK_PAIRING_SECONDS);
    return bound;
  });
}

/** The review service down or failing: not the binder's mistake, so its own answer (still counted as a failure). */
const isOutage = (e: unknown) => !(e instanceof AppError) || e.code === ErrorCode.SERVICE_UNAVAILABLE || e.code === ErrorCode.INTERNAL;

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
