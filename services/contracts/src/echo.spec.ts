import { ECHO_MAX, echoed, translateError } from './i18n';

describe('values echoed in error messages', () => {
  it('keeps a short value and cuts a long one to ECHO_MAX characters, marked with …', () => {
    expect(echoed('admin')).toBe('admin');
    expect(echoed('x'.repeat(ECHO_MAX))).toBe('x'.repeat(ECHO_MAX));
    expect(echoed('x'.repeat(100_000))).toBe('x'.repeat(ECHO_MAX - 1) + '…');
  });

  it('never splits a character made of two UTF-16 units', () => {
    const cut = echoed('😀'.repeat(100));
    expect(Array.from(cut)).toHaveLength(ECHO_MAX);
    expect(cut).toBe('😀'.repeat(ECHO_MAX - 1) + '…');
  });

  it('cuts every parameter of an error message', () => {
    expect(translateError('role.unknown', 'en', { roles: 'k'.repeat(100_000) })).toBe(`No such role: ${'k'.repeat(ECHO_MAX - 1)}…`);
    expect(translateError('error.numberTooLarge', 'en', { field: 'n', max: 2147483647 })).toBe('n must not be greater than 2147483647');
  });
});
