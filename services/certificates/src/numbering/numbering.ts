import { randomInt } from 'node:crypto';
import { NUMBERING_VARIANTS, type NumberingScheme, type NumberingVariant } from '@cmp/contracts';

/** Digits of an auto-increment variant, or null for the random ones. */
export function digitsOf(variant: NumberingVariant): 3 | 4 | null {
  if (variant.endsWith('Three')) return 3;
  if (variant.endsWith('Four')) return 4;
  return null;
}

/** The highest sequence number a variant can print (999 for 3 digits), Infinity for random codes. */
export const capacityOf = (variant: NumberingVariant): number => {
  const digits = digitsOf(variant);
  return digits === null ? Infinity : 10 ** digits - 1;
};

/** True when the counter spans the whole competition (`allAutoincrement*`), false for per-event counters. */
export const isCompetitionWide = (variant: NumberingVariant): boolean => variant.startsWith('all');

/**
 * The counter an auto-increment batch draws from. 3- and 4-digit schemes of one competition (or event) share
 * it, so switching width never prints a number twice. Null for random schemes.
 */
export function counterKeyOf(variant: NumberingVariant, competitionId: number | null, itemId: number | null): string | null {
  if (digitsOf(variant) === null) return null;
  if (isCompetitionWide(variant)) return competitionId ? `competition:${competitionId}` : null;
  return competitionId && itemId ? `event:${competitionId}:${itemId}` : null;
}

// No 0/O, 1/I/L: a code read off paper and typed in must not be ambiguous.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RANDOM_CODE_LENGTH = 10;
export const RANDOM_DIGITS_LENGTH = 10;

/** The printed body of a number (without prefix and suffix). */
export function numberBody(variant: NumberingVariant, seq?: number): string {
  const digits = digitsOf(variant);
  if (digits !== null) return String(seq).padStart(digits, '0');
  if (variant === 'randomDigits') {
    // First digit non-zero so spreadsheets do not eat a leading zero.
    return String(randomInt(1, 10)) + Array.from({ length: RANDOM_DIGITS_LENGTH - 1 }, () => randomInt(0, 10)).join('');
  }
  return Array.from({ length: RANDOM_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('');
}

export const formatNumber = (scheme: NumberingScheme, body: string): string => `${scheme.prefix ?? ''}${body}${scheme.suffix ?? ''}`;

const AFFIX = /^[\p{L}\p{N}_\-./()（）·]{0,20}$/u;

/** What is wrong with a scheme (a message detail), or null when it is fine. */
export function numberingProblem(scheme: unknown): string | null {
  if (!scheme || typeof scheme !== 'object') return 'numbering is required';
  const s = scheme as Record<string, unknown>;
  if (!(NUMBERING_VARIANTS as readonly unknown[]).includes(s.variant)) return `variant must be one of ${NUMBERING_VARIANTS.join(', ')}`;
  for (const part of ['prefix', 'suffix'] as const) {
    const v = s[part];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || !AFFIX.test(v)) return `${part} must be at most 20 letters, digits or _-./()·`;
  }
  return null;
}

/** A clean copy of a checked scheme (no stray fields stored). */
export const cleanScheme = (s: NumberingScheme): NumberingScheme => ({
  variant: s.variant,
  prefix: s.prefix || '',
  suffix: s.suffix || '',
});
