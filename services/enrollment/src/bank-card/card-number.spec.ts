import type { AppError } from '@cmp/common';
import { CardCipher, luhnValid, maskCardNumber, normaliseCardNumber } from './card-number';

const SECRET = 'a-test-secret-of-at-least-32-characters!';

describe('normaliseCardNumber', () => {
  it('drops spaces and dashes and keeps a valid number', () => {
    expect(normaliseCardNumber('6222 0202-0000 0000 006')).toBe('6222020200000000006');
    expect(normaliseCardNumber('4111111111111111')).toBe('4111111111111111');
  });

  it.each([
    ['6222abcd00000000', 'bankCard.digitsOnly'],
    ['41111111111', 'bankCard.length'],
    ['41111111111111111111', 'bankCard.length'],
    ['4111111111111112', 'bankCard.luhn'],
  ])('refuses %s with %s', (input, key) => {
    expect(() => normaliseCardNumber(input)).toThrow(expect.objectContaining({ key }) as AppError);
  });

  it('checks with Luhn', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });

  it('masks all but the last four digits', () => {
    expect(maskCardNumber('1111')).toBe('**** **** **** 1111');
  });
});

describe('CardCipher', () => {
  it('encrypts with a fresh IV each time and decrypts for the same owner only', () => {
    const c = new CardCipher(SECRET);
    const a = c.encrypt('4111111111111111', 7);
    const b = c.encrypt('4111111111111111', 7);
    expect(a.equals(b)).toBe(false);
    expect(a.toString('latin1')).not.toContain('4111111111111111');
    expect(c.decrypt(a, 7)).toBe('4111111111111111');
    expect(() => c.decrypt(a, 8)).toThrow();
    expect(() => new CardCipher(`${SECRET}x`).decrypt(a, 7)).toThrow();
  });
});
