import type { RoomChangedEvent, RoomState } from '@cmp/contracts';
import { applyEvent, applyFetched, type Rooms } from './rooms';

const state = (roomId: number, seq: number): RoomState => ({
  roomId,
  roundId: 1,
  name: `room ${roomId}`,
  nameEn: '',
  venue: '',
  notice: '',
  bilingual: false,
  seq,
  paused: false,
  current: null,
  next: [],
  history: [],
  counts: { total: 0, waiting: 0, done: 0, skipped: 0, absent: 0 },
});
const event = (roomId: number, seq: number): RoomChangedEvent => ({ action: 'call', state: state(roomId, seq), announce: null });
const seqs = (rooms: Rooms) => Object.fromEntries([...rooms].map(([id, s]) => [id, s.seq]));

describe('kiosk room events in seq order', () => {
  let rooms: Rooms;
  beforeEach(() => {
    rooms = new Map();
    applyFetched(rooms, [state(1, 4), state(2, 10)]);
  });

  it('applies the next event of a room without fetching', () => {
    expect(applyEvent(rooms, event(1, 5))).toEqual({ fresh: true, gap: false });
    expect(seqs(rooms)).toEqual({ 1: 5, 2: 10 });
  });

  it('applies an event past a gap and asks for a fetch', () => {
    expect(applyEvent(rooms, event(1, 7))).toEqual({ fresh: true, gap: true });
    expect(seqs(rooms)).toEqual({ 1: 7, 2: 10 });
  });

  it('drops a duplicate', () => {
    applyEvent(rooms, event(1, 5));
    expect(applyEvent(rooms, event(1, 5))).toEqual({ fresh: false, gap: false });
    expect(seqs(rooms)).toEqual({ 1: 5, 2: 10 });
  });

  it('drops an event that arrives after a newer one (out of order) and keeps the newer state', () => {
    expect(applyEvent(rooms, event(1, 6)).gap).toBe(true);
    expect(applyEvent(rooms, event(1, 5))).toEqual({ fresh: false, gap: false });
    expect(seqs(rooms)).toEqual({ 1: 6, 2: 10 });
  });

  it('keeps each room to its own seq', () => {
    expect(applyEvent(rooms, event(2, 11))).toEqual({ fresh: true, gap: false });
    expect(applyEvent(rooms, event(1, 5))).toEqual({ fresh: true, gap: false });
  });

  it('takes the first event of a room it did not know without a fetch', () => {
    expect(applyEvent(rooms, event(3, 42))).toEqual({ fresh: true, gap: false });
  });

  it('after a reconnect without recovery, the fetched state wins over events it already covers', () => {
    applyEvent(rooms, event(1, 5));
    // Offline while seqs 6–8 happened; the reconnect fetches the rooms (seq 8), then socket.io delivers a late 7.
    applyFetched(rooms, [state(1, 8), state(2, 10)]);
    expect(applyEvent(rooms, event(1, 7)).fresh).toBe(false);
    expect(applyEvent(rooms, event(1, 9))).toEqual({ fresh: true, gap: false });
    expect(seqs(rooms)).toEqual({ 1: 9, 2: 10 });
  });

  it('after a recovered reconnect, the missed events replay in order without a gap', () => {
    for (const seq of [5, 6, 7]) expect(applyEvent(rooms, event(1, seq))).toEqual({ fresh: true, gap: false });
  });

  it('a fetch that answers with an older state than an event applied meanwhile keeps the event', () => {
    applyEvent(rooms, event(1, 6));
    applyFetched(rooms, [state(1, 5), state(2, 12)]);
    expect(seqs(rooms)).toEqual({ 1: 6, 2: 12 });
  });
});
