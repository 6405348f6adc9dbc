import { fenOf, yuanOf } from './money';

describe('money', () => {
  it('turns fen into yuan text and back exactly', () => {
    expect(yuanOf(1)).toBe('0.01');
    expect(yuanOf(12030)).toBe('120.30');
    expect(yuanOf(100)).toBe('1.00');
    for (const fen of [1, 7, 10, 99, 100, 12345, 999999999]) expect(fenOf(yuanOf(fen))).toBe(fen);
    // 0.1 + 0.2 style drift never happens: the text is split, not multiplied.
    expect(fenOf('0.29')).toBe(29);
    expect(fenOf('19.9')).toBe(1990);
    expect(fenOf('20')).toBe(2000);
  });

  it('refuses text that is not an amount', () => {
    for (const bad of ['', '-1.00', '1.234', '1e3', 'abc', '1,00', ' ', null, undefined]) expect(fenOf(bad)).toBeNull();
  });
});
