/** Identity-number helper (spec sections 3 and 5): 18 characters, a real birth date, gender from the 17th character. */

export const ID_NUMBER_LENGTH = 18;

export interface IdNumberInfo {
  /** YYYY-MM-DD */
  birthday: string;
  age: number;
  /** 1 male, 2 female. */
  gender: 1 | 2;
}

export class IdNumberError extends Error {
  constructor(
    readonly key: 'idcard.length' | 'idcard.birth',
    message: string,
  ) {
    super(message);
    this.name = 'IdNumberError';
  }
}

/**
 * Reads birthday, age (on `today`) and gender from an 18-character identity number.
 * Throws IdNumberError with the spec's messages when the number is not 18 characters or its birth date is not real.
 */
export function parseIdNumber(id: unknown, today: Date = new Date()): IdNumberInfo {
  if (typeof id !== 'string' || id.length !== ID_NUMBER_LENGTH) {
    throw new IdNumberError('idcard.length', 'invalid ID number: must be an 18-character string');
  }
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    /^\d{8}$/.test(id.slice(6, 14)) &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getTime() <= today.getTime();
  if (!real) throw new IdNumberError('idcard.birth', 'invalid birth date');

  let age = today.getFullYear() - year;
  const beforeBirthday = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age -= 1;

  const genderDigit = Number(id.charAt(16));
  return {
    birthday: `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`,
    age,
    gender: Number.isNaN(genderDigit) || genderDigit % 2 === 0 ? 2 : 1,
  };
}
