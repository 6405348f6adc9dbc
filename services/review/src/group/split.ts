/**
 * Splits experts into `count` groups evenly by event. Experts are ordered by the event they judge first among
 * the round's events (then by id) and dealt out in runs, so those judging one event stay together while every
 * group's size is within one of the others. Each group lists the events its experts judge.
 */
export function splitByEvent(
  experts: readonly { id: number; eventIds: readonly number[] }[],
  count: number,
  roundEventIds: readonly number[],
): { expertIds: number[]; eventIds: number[] }[] {
  const rank = (e: { eventIds: readonly number[] }) => {
    const own = roundEventIds.length ? e.eventIds.filter((x) => roundEventIds.includes(x)) : [...e.eventIds];
    return own.length ? Math.min(...own) : Number.MAX_SAFE_INTEGER;
  };
  const sorted = [...experts].sort((a, b) => rank(a) - rank(b) || a.id - b.id);
  const base = Math.floor(sorted.length / count);
  const extra = sorted.length % count;
  const groups: { expertIds: number[]; eventIds: number[] }[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const size = base + (i < extra ? 1 : 0);
    const members = sorted.slice(at, at + size);
    at += size;
    const events = new Set<number>();
    for (const e of members) for (const x of e.eventIds) if (!roundEventIds.length || roundEventIds.includes(x)) events.add(x);
    groups.push({ expertIds: members.map((e) => e.id), eventIds: [...events].sort((a, b) => a - b) });
  }
  return groups;
}
