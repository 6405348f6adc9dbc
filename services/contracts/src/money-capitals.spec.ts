import { amountInCapitals } from './money-capitals';

describe('amounts in Chinese capitals', () => {
  it.each([
    [12000, '壹佰贰拾元整'],
    [8800, '捌拾捌元整'],
    [1000, '壹拾元整'],
    [12030, '壹佰贰拾元叁角整'],
    [100505, '壹仟零伍元零伍分'],
    [105, '壹元零伍分'],
    [5, '伍分'],
    [50, '伍角整'],
    [0, '零元整'],
    [1_000_000, '壹万元整'],
    [1_050_000, '壹万零伍佰元整'],
    [100_100_000, '壹佰万零壹仟元整'],
    [101_000_000, '壹佰零壹万元整'],
    [10_000_000_000, '壹亿元整'],
    [10_000_010_000, '壹亿零壹佰元整'],
  ])('%i fen is %s', (fen, words) => expect(amountInCapitals(fen)).toBe(words));

  it('refuses what is not an amount', () => {
    expect(() => amountInCapitals(-1)).toThrow();
    expect(() => amountInCapitals(1.5)).toThrow();
  });
});
