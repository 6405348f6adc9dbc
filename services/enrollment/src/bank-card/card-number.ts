import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { AppError } from '@cmp/common';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A card number as typed: spaces and dashes dropped, then digits only, 12 to 19 of them, passing the Luhn
 * check (ISO/IEC 7812). Throws a message saying which rule failed.
 */
export function normaliseCardNumber(input: string): string {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits)) throw AppError.badRequest('bankCard.digitsOnly');
  if (digits.length < 12 || digits.length > 19) throw AppError.badRequest('bankCard.length', { count: digits.length });
  if (!luhnValid(digits)) throw AppError.badRequest('bankCard.luhn');
  return digits;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What a person sees of a stored card: its last four digits. */
export const maskCardNumber = (last4: string) => `**** **** **** ${last4}`;

/**
 * AES-256-GCM for card numbers. The key is derived (HKDF-SHA256) from the BANK_CARD_KEY secret; the owner's
 * user id is the additional authenticated data, so a ciphertext moved to another person's row does not open.
 * Stored form: iv (12 bytes) | tag (16 bytes) | ciphertext.
 */
export class CardCipher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'cmp-enrollment', 'bank-card-number', 32));
  }

  encrypt(cardNumber: string, userId: number): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(String(userId)));
    const body = Buffer.concat([cipher.update(cardNumber, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  /** The number back, for the payout that will need it; throws when the data or the owner does not match. */
  decrypt(stored: Buffer, userId: number): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, stored.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(String(userId)));
    decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
