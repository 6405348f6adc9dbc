import dayjs from 'dayjs';
import { rangeToQuery } from './log-range';

describe('rangeToQuery', () => {
  it('covers whole local days, the last one included', () => {
    const q = rangeToQuery([dayjs('2026-03-01T15:20:00'), dayjs('2026-03-02T08:00:00')]);
    expect(q.from).toBe(dayjs('2026-03-01T00:00:00').toISOString());
    expect(q.to).toBe(dayjs('2026-03-03T00:00:00').toISOString());
  });

  it('leaves out an open end', () => {
    expect(rangeToQuery([null, null])).toEqual({ from: undefined, to: undefined });
    expect(rangeToQuery(undefined)).toEqual({ from: undefined, to: undefined });
    expect(rangeToQuery([dayjs('2026-03-01'), null]).to).toBeUndefined();
  });
});
