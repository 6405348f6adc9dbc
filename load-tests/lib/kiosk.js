'use strict';
// Venue screens for load runs: rooms with teams in line and a kiosk device each, written straight into review, and
// socket.io screens that behave as the kiosk app does (kiosk/src/live.ts): events applied in seq order; after a gap
// or a reconnect that socket.io did not recover, the rooms' state is fetched over HTTP (GET /kiosk/rooms).

const crypto = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { io } = require('socket.io-client');
const { KioskWire, queueNumber } = require('@cmp/contracts');

const ROOMS_PER_ROUND = 20; // a round's rooms are lettered A … Z (24 letters)

/** `rooms` rooms (in rounds of up to 20) with `teamsPerRoom` teams in line and one kiosk device per room: [{ roomId, token }]. */
async function seedVenue(db, groupId, { rooms: wanted, teamsPerRoom, name = 'bench-venue' }) {
  const rooms = [];
  for (let r = 0; rooms.length < wanted; r++) {
    const [{ id: roundId }] = (await db.query(`INSERT INTO review.rounds (group_id, competition_id, name, status, type) VALUES ($1, 1, $2, 'open', 'onsite') RETURNING id`, [groupId, `${name}-${r}`])).rows;
    await db.query(`INSERT INTO review.scene_settings (round_id, venue, checkin_key, draw_method, drawn_at) VALUES ($1, 'bench', $2, 'signup', now())`, [roundId, crypto.randomBytes(32)]);
    const count = Math.min(ROOMS_PER_ROUND, wanted - rooms.length);
    const made = (
      await db.query(
        `INSERT INTO review.scene_rooms (round_id, name, code, sort) SELECT $1, '评审室' || g, substr('ABCDEFGHJKLMNPQRSTUVWXYZ', g, 1), g FROM generate_series(1, $2) g RETURNING id, code`,
        [roundId, count],
      )
    ).rows;
    await db.query(
      `INSERT INTO review.round_works (round_id, work_id, title, member_names) SELECT $1, g, '作品' || g, ARRAY['张小三'] FROM generate_series(1, $2) g`,
      [roundId, count * teamsPerRoom],
    );
    for (const [i, room] of made.entries()) {
      await db.query(
        `INSERT INTO review.scene_queue (round_id, work_id, room_id, position, number)
         SELECT $1, $2 + n, $3, n, num FROM unnest($4::text[]) WITH ORDINALITY AS t(num, n)`,
        [roundId, i * teamsPerRoom, room.id, Array.from({ length: teamsPerRoom }, (_, k) => queueNumber(room.code, k + 1))],
      );
      const token = crypto.randomBytes(32).toString('base64url');
      const hash = crypto.createHash('sha256').update(token).digest();
      await db.query(`INSERT INTO review.kiosk_devices (group_id, round_id, room_ids, name, token_hash) VALUES ($1, $2, $3, $4, $5)`, [groupId, roundId, [room.id], `屏${room.id}`, hash]);
      rooms.push({ roomId: room.id, token });
    }
  }
  return rooms;
}

/**
 * One screen: its room's seq, what it received and when (pushed to `receipts` as [roomId, seq, time]), what it
 * missed. `onEvent(screen, seq, time, gap)` (optional) sees every event applied, `gap` being the seqs skipped.
 */
function screen(url, room, auth, receipts, onEvent) {
  const s = { roomId: room.roomId, url, seq: 0, missed: 0, connected: false, connectedAt: 0, socket: null };
  const refresh = async () => {
    try {
      const r = await fetch(`${url}/prod-api/kiosk/rooms`, { headers: { [KioskWire.tokenHeader]: room.token } });
      const body = await r.json();
      const state = body.data?.rooms?.find((x) => x.roomId === s.roomId);
      if (state && state.seq > s.seq) s.seq = state.seq;
    } catch {
      // the gateway is down: the reconnect will ask again
    }
  };
  // The kiosk's reconnection settings (kiosk/src/live.ts).
  s.socket = io(`${url}${KioskWire.namespace}`, { path: KioskWire.path, auth, transports: ['websocket'], reconnectionDelay: 500, reconnectionDelayMax: 2000 });
  s.socket.on('connect', () => {
    s.connected = true;
    s.connectedAt = performance.now();
    if (!s.socket.recovered && room.token) void refresh();
  });
  s.socket.on('disconnect', () => (s.connected = false));
  s.socket.on(KioskWire.roomEvent, (e) => {
    const t = performance.now();
    const seq = e.state.seq;
    if (seq <= s.seq) return;
    // A gap while connected is a missed event; the kiosk fetches the state, and so does this screen.
    const gap = s.seq && seq > s.seq + 1 && s.connected ? seq - s.seq - 1 : 0;
    if (gap) {
      s.missed += gap;
      if (room.token) void refresh();
    }
    s.seq = seq;
    receipts.push([e.state.roomId, seq, t]);
    if (onEvent) onEvent(s, seq, t, gap);
  });
  return s;
}

/** Each room's seq in the database: the number of changes every screen of it should have. */
async function seqsOf(db, rooms) {
  const { rows } = await db.query(`SELECT id, seq::int FROM review.scene_rooms WHERE id = ANY($1)`, [rooms.map((r) => r.roomId)]);
  return new Map(rows.map((r) => [r.id, r.seq]));
}

/** One call of a room through the HTTP call API (call next, start, end): the seqs it caused, with each answer's time. */
async function callCycle(url, token, room, fetchImpl = fetch) {
  const out = [];
  for (const action of ['call', 'start', 'end']) {
    const r = await fetchImpl(`${url}/prod-api/review/scene/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ roomId: room.roomId }),
    });
    const t = performance.now();
    const body = await r.json();
    if (body.code !== 0) throw new Error(`${action}: ${body.code} ${body.msg}`);
    out.push([body.data.seq, t]);
  }
  return out;
}

module.exports = { seedVenue, screen, seqsOf, callCycle };
