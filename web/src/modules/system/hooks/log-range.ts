import type { Dayjs } from 'dayjs';
import type { OperationLogQuery } from '@cmp/contracts';

/** Whole local days: from the start of the first to the start of the day after the last (the server's `to` is exclusive). */
export function rangeToQuery(range: [Dayjs | null, Dayjs | null] | null | undefined): Pick<OperationLogQuery, 'from' | 'to'> {
  const [start, end] = range ?? [];
  return {
    from: start ? start.startOf('day').toISOString() : undefined,
    to: end ? end.add(1, 'day').startOf('day').toISOString() : undefined,
  };
}
