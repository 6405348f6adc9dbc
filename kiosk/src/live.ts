import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import { KioskWire, type KioskIdentity, type RoomChangedEvent, type RoomState } from '@cmp/contracts';
import { Denied, fetchRooms } from './api';
import { applyEvent, applyFetched, type Rooms } from './rooms';

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
  const rooms = useRef<Rooms>(new Map());
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
        applyFetched(rooms.current, states);
        publish({ device });
      } catch (e) {
        if (e instanceof Denied) handlers.current.onDenied();
      }
    };
    // Back within seconds after a server restart: retries every 0.5–2 s (a venue has tens of screens, not thousands).
    const socket = io(KioskWire.namespace, { path: KioskWire.path, auth: { token }, transports: ['websocket'], reconnectionDelay: 500, reconnectionDelayMax: 2000 });
    const offline = () => setLive((l) => ({ ...l, offlineSince: l.offlineSince ?? new Date() }));
    socket.on('connect', () => {
      setLive((l) => ({ ...l, offlineSince: null }));
      // A recovered session got what it missed from socket.io; otherwise, or to be sure of what came before, ask.
      if (!socket.recovered) void refresh();
    });
    socket.on('disconnect', offline);
    socket.on('connect_error', (e) => {
      offline();
      if (e.message === KioskWire.denied) handlers.current.onDenied();
    });
    socket.on(KioskWire.revokedEvent, () => handlers.current.onDenied());
    socket.on(KioskWire.roomEvent, (e: RoomChangedEvent) => {
      const { fresh, gap } = applyEvent(rooms.current, e);
      if (!fresh) return;
      publish();
      if (e.announce) handlers.current.announce(e.state, e.announce);
      if (gap) void refresh();
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
