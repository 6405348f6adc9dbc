import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import type { KioskIdentity, RoomChangedEvent, RoomState } from '@cmp/contracts';
import { API, Denied, fetchRooms } from './api';

export interface Live {
  device: KioskIdentity | null;
  rooms: RoomState[];
  /** When the screen lost its connection (null: online). */
  offlineSince: Date | null;
}

/**
 * The screen's rooms, live: socket.io events applied in seq order; a gap, a reconnect that socket.io could not
 * recover, the browser coming back online or the screen waking up fetches the rooms' state over HTTP instead.
 * `announce` hears each new call once (not the calls missed while offline: they are stale by then).
 */
export function useLive(token: string, onDenied: () => void, announce: (room: RoomState, a: NonNullable<RoomChangedEvent['announce']>) => void): Live {
  const [live, setLive] = useState<Live>({ device: null, rooms: [], offlineSince: null });
  const rooms = useRef(new Map<number, RoomState>());
  const handlers = useRef({ onDenied, announce });
  handlers.current = { onDenied, announce };

  useEffect(() => {
    let stopped = false;
    const publish = (patch: Partial<Live> = {}) =>
      setLive((l) => ({ ...l, ...patch, rooms: [...rooms.current.values()] }));
    const refresh = async () => {
      try {
        const { device, rooms: states } = await fetchRooms(token);
        if (stopped) return;
        for (const s of states) {
          const had = rooms.current.get(s.roomId);
          if (!had || s.seq >= had.seq) rooms.current.set(s.roomId, s);
        }
        publish({ device });
      } catch (e) {
        if (e instanceof Denied) handlers.current.onDenied();
      }
    };
    // Back within seconds after a server restart: retries every 0.5–2 s (a venue has tens of screens, not thousands).
    const socket = io('/kiosk', { path: `${API}/socket.io`, auth: { token }, transports: ['websocket'], reconnectionDelay: 500, reconnectionDelayMax: 2000 });
    const offline = () => setLive((l) => ({ ...l, offlineSince: l.offlineSince ?? new Date() }));
    socket.on('connect', () => {
      setLive((l) => ({ ...l, offlineSince: null }));
      // A recovered session got what it missed from socket.io; otherwise, or to be sure of what came before, ask.
      if (!socket.recovered) void refresh();
    });
    socket.on('disconnect', offline);
    socket.on('connect_error', (e) => {
      offline();
      if (e.message === 'kiosk.denied') handlers.current.onDenied();
    });
    socket.on('revoked', () => handlers.current.onDenied());
    socket.on('room', (e: RoomChangedEvent) => {
      const had = rooms.current.get(e.state.roomId);
      if (had && e.state.seq <= had.seq) return; // already seen
      rooms.current.set(e.state.roomId, e.state);
      publish();
      if (e.announce) handlers.current.announce(e.state, e.announce);
      // A gap: something between was missed; the state in hand is the latest, the fetch confirms it.
      if (had && e.state.seq > had.seq + 1) void refresh();
    });
    // The browser's own idea of the network: drop at once when it goes, reconnect (and catch up) when it is back.
    const wentOffline = () => {
      offline();
      socket.disconnect();
    };
    const cameOnline = () => socket.connect();
    const woke = () => document.visibilityState === 'visible' && void refresh();
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', cameOnline);
    document.addEventListener('visibilitychange', woke);
    return () => {
      stopped = true;
      socket.close();
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', cameOnline);
      document.removeEventListener('visibilitychange', woke);
    };
  }, [token]);

  return live;
}
