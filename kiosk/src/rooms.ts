import type { RoomChangedEvent, RoomState } from '@cmp/contracts';

/** The rooms a screen holds, by id. Every change of a room raises its seq by one. */
export type Rooms = Map<number, RoomState>;

/**
 * Applies a live event. One already seen (a duplicate, or older than what a fetch brought) changes nothing. A newer
 * one replaces the room's state, since each event carries the whole state; past a gap (seq jumped by more than one,
 * something between was missed) the screen fetches the rooms to be sure.
 */
export function applyEvent(rooms: Rooms, e: RoomChangedEvent): { fresh: boolean; gap: boolean } {
  const had = rooms.get(e.state.roomId);
  if (had && e.state.seq <= had.seq) return { fresh: false, gap: false };
  rooms.set(e.state.roomId, e.state);
  return { fresh: true, gap: !!had && e.state.seq > had.seq + 1 };
}

/** Applies fetched states; a room that an event brought further while the fetch was under way keeps that state. */
export function applyFetched(rooms: Rooms, states: RoomState[]): void {
  for (const s of states) {
    const had = rooms.get(s.roomId);
    if (!had || s.seq >= had.seq) rooms.set(s.roomId, s);
  }
}
