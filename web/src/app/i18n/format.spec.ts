import { formatDateTime } from './format';

describe('formatDateTime', () => {
  // A local time, so the expectation does not depend on the machine's time zone.
  const at = new Date(2026, 10, 21, 23, 5, 9);

  it('writes the date the Chinese way in Chinese and the English way in English', () => {
    expect(formatDateTime(at, 'zh-CN')).toBe('2026/11/21 23:05:09');
    expect(formatDateTime(at, 'en')).toBe('21 Nov 2026, 23:05:09');
  });

  it('gives a dash for nothing or nonsense', () => {
    expect(formatDateTime(null, 'en')).toBe('-');
    expect(formatDateTime('', 'zh-CN')).toBe('-');
    expect(formatDateTime('not a date', 'zh-CN')).toBe('-');
  });
});
