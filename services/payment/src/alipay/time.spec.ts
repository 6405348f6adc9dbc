import { beijingTime, fromBeijingTime } from './time';

describe('Alipay time', () => {
  it('writes and reads Beijing time', () => {
    const d = new Date('2026-11-25T16:30:05Z');
    expect(beijingTime(d)).toBe('2026-11-26 00:30:05');
    expect(fromBeijingTime('2026-11-26 00:30:05')?.toISOString()).toBe(d.toISOString());
    expect(fromBeijingTime('soon')).toBeNull();
  });
});
