import { capacityOf, counterKeyOf, formatNumber, numberBody, numberingProblem, RANDOM_CODE_LENGTH } from './numbering';

describe('numbering', () => {
  it('knows how many numbers each variant holds', () => {
    expect(capacityOf('allAutoincrementThree')).toBe(999);
    expect(capacityOf('autoincrementFour')).toBe(9999);
    expect(capacityOf('randomCode')).toBe(Infinity);
  });

  it('pads sequence numbers and wraps them in prefix and suffix', () => {
    expect(numberBody('allAutoincrementThree', 7)).toBe('007');
    expect(numberBody('autoincrementFour', 42)).toBe('0042');
    expect(formatNumber({ variant: 'autoincrementFour', prefix: 'ZS2026-', suffix: '-A' }, '0042')).toBe('ZS2026-0042-A');
  });

  it('draws random codes from an unambiguous alphabet and random digits without a leading zero', () => {
    const code = numberBody('randomCode');
    expect(code).toHaveLength(RANDOM_CODE_LENGTH);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]+$/);
    expect(numberBody('randomDigits')).toMatch(/^[1-9]\d{9}$/);
  });

  it('counts per competition or per event, sharing one counter across widths', () => {
    expect(counterKeyOf('allAutoincrementThree', 5, 9)).toBe('competition:5');
    expect(counterKeyOf('allAutoincrementFour', 5, null)).toBe('competition:5');
    expect(counterKeyOf('autoincrementThree', 5, 9)).toBe('event:5:9');
    expect(counterKeyOf('autoincrementThree', 5, null)).toBeNull();
    expect(counterKeyOf('randomCode', 5, 9)).toBeNull();
  });

  it('says what is wrong with a scheme', () => {
    expect(numberingProblem({ variant: 'randomCode', prefix: 'NO.' })).toBeNull();
    expect(numberingProblem({ variant: 'sequential' })).toMatch(/variant/);
    expect(numberingProblem({ variant: 'randomCode', suffix: '<b>' })).toMatch(/suffix/);
    expect(numberingProblem(null)).toMatch(/required/);
  });
});
