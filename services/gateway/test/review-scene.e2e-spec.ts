import { io, type Socket } from 'socket.io-client';
import { drawOrder, KioskWire, type ExpertSaveReply, type KioskDevice, type KioskPairing, type KioskPairStatus, type MyAppearance, type QueueTeam, type RoomChangedEvent, type RoomState, type SceneSetting } from '@cmp/contracts';
import { api, firstLogin, login } from './support/api';
import { dropStudents, sql } from './support/enroll';
import { metricValue, PORT } from './support/platform';
import { makeOnsiteRound, ok, type OnsiteRound } from './support/scene';

/**
 * On-site review through the gateway: the draw reproduced from its seed, check-in by a signed QR code (a forged one
 * refused), each room's queue and the transitions it refuses, two "call next" at once calling one team, kiosk pairing,
 * the live events on socket.io with their seq, a revoked kiosk refused, another organisation's rooms not found.
 */
const run = String(Date.now()).slice(-6);
type Queue = { rooms: RoomState[]; teams: QueueTeam[] };

describe('on-site review and the kiosk', () => {
  let admin1: string;
  let admin2: string;
  let s: OnsiteRound;
  let roomA: number;
  let roomB: number;
  const queue = async () => ok(await api<Queue>(`/review/scene/queue?roundId=${s.round.id}`, { token: admin1 }), 'queue');
  const act = (path: string, body: object, token = admin1) => api<RoomState>(`/review/scene/${path}`, { token, body });

  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
    s = await makeOnsiteRound(admin1, 6, [{ name: '第1评审室', nameEn: 'Room 1' }, { name: '第2评审室', nameEn: 'Room 2' }], `scn${run}`);
    [roomA, roomB] = s.setting.rooms.map((r) => r.id);
  }, 120_000);
  afterAll(() => dropStudents());

  it('draws an order that its seed reproduces, and sign-up order', async () => {
    const orderOf = async () => (await queue()).teams.map((t) => `${t.number}:${t.workId}`).sort().join(',');
    const first = ok(await api<SceneSetting>('/review/scene/draw', { token: admin1, body: { roundId: s.round.id, method: 'random', seed: 'final-2026' } }), 'draw');
    expect(first.draw).toMatchObject({ method: 'random', seed: 'final-2026' });
    const drawn = await orderOf();
    // Anyone with the seed and the works gets the same order: works dealt to rooms in turn.
    const expected = drawOrder('final-2026', s.workIds);
    const teams = (await queue()).teams;
    expect(expected.map((w) => teams.find((t) => t.workId === w)!.number)).toEqual(['A001', 'B001', 'A002', 'B002', 'A003', 'B003']);

    const other = ok(await api<SceneSetting>('/review/scene/draw', { token: admin1, body: { roundId: s.round.id, method: 'random' } }), 'draw again');
    expect(other.draw!.seed).toMatch(/^[0-9a-f]{16}$/);
    ok(await api('/review/scene/draw', { token: admin1, body: { roundId: s.round.id, method: 'random', seed: 'final-2026' } }), 'redraw');
    expect(await orderOf()).toBe(drawn);

    ok(await api('/review/scene/draw', { token: admin1, body: { roundId: s.round.id, method: 'signup' } }), 'sign-up order');
    const bySignup = (await queue()).teams;
    expect(s.workIds.map((w) => bySignup.find((t) => t.workId === w)!.number)).toEqual(['A001', 'B001', 'A002', 'B002', 'A003', 'B003']);
    // Members are masked wherever the queue shows them (it is on a public wall).
    expect(bySignup[0].members[0]).toMatch(/^选\*+\d$/);

    const manual = { roundId: s.round.id, method: 'manual', rooms: [{ roomId: roomA, workIds: s.workIds.slice(0, 4) }, { roomId: roomB, workIds: s.workIds.slice(3) }] };
    expect((await api('/review/scene/draw', { token: admin1, body: manual })).code).toBe(10400);
  });

  it('publishes the order to each team, whose QR code checks it in; a forged code is refused', async () => {
    ok(await api('/review/scene/publish', { token: admin1, body: { roundId: s.round.id } }), 'publish');
    const student = s.students[0];
    const mine = ok(await api<MyAppearance[]>('/center/scene/list', { token: student.token }), 'mine');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ workId: s.workIds[0], number: 'A001', roomName: '第1评审室', venue: '图书馆报告厅' });
    expect(mine[0].qr).toMatch(/^data:image\/png;base64,/);
    const messages = await sql<{ title: string }>(`SELECT title_zh AS title FROM enrollment.messages WHERE user_id = $1`, [student.userId]);
    expect(messages.map((m) => m.title)).toContainEqual(expect.stringContaining('序号 A001'));
    // In English the message names the room by its English name.
    const english = await sql<{ title: string }>(`SELECT title_en AS title FROM enrollment.messages WHERE user_id = $1`, [student.userId]);
    expect(english.map((m) => m.title)).toContainEqual(expect.stringContaining('is number A001 in Room 1'));

    const code = mine[0].checkInCode;
    const forged = [code.replace(/\.(\d+)\.([^.]+)$/, (_, w, mac) => `.${s.workIds[1]}.${mac}`), code.slice(0, -2) + (code.endsWith('AA') ? 'BB' : 'AA'), 'CK1.1.2.xxxxxxxxxxxxxxxxxxxxxx'];
    for (const f of forged) expect((await api('/review/scene/checkin', { token: admin1, body: { roundId: s.round.id, code: f } })).code).toBe(10400);
    const team = ok(await api<QueueTeam>('/review/scene/checkin', { token: admin1, body: { roundId: s.round.id, code } }), 'check in');
    expect(team).toMatchObject({ workId: s.workIds[0], number: 'A001' });
    expect(team.checkedInAt).not.toBeNull();
    // Staff may type the number instead.
    const typed = ok(await api<QueueTeam>('/review/scene/checkin', { token: admin1, body: { roundId: s.round.id, code: 'b001' } }), 'typed');
    expect(typed.workId).toBe(s.workIds[1]);
    expect((await api('/review/scene/checkin', { token: admin1, body: { roundId: s.round.id, code: 'Z999' } })).code).toBe(10404);
  });

  it('runs a room through its queue and refuses what does not apply', async () => {
    // Nothing called yet: start, end and recall do not apply.
    for (const p of ['start', 'end', 'recall']) expect((await act(p, { roomId: roomA })).code).toBe(10409);
    let st = ok(await act('call', { roomId: roomA }), 'call');
    expect(st.current).toMatchObject({ number: 'A001', status: 'called', calls: 1 });
    expect(st.next.map((t) => t.number)).toEqual(['A002', 'A003']);
    expect((await act('call', { roomId: roomA })).code).toBe(10409); // busy
    expect((await act('end', { roomId: roomA })).code).toBe(10409); // not presenting yet
    st = ok(await act('recall', { roomId: roomA }), 'recall');
    expect(st.current!.calls).toBe(2);
    st = ok(await act('start', { roomId: roomA }), 'start');
    expect(st.current!.status).toBe('presenting');
    expect((await act('recall', { roomId: roomA })).code).toBe(10409);
    st = ok(await act('end', { roomId: roomA }), 'end');
    expect(st.current).toBeNull();
    expect(st.counts).toMatchObject({ done: 1, waiting: 2 });

    // 过号 after one team: A002 comes back behind A003.
    ok(await act('call', { roomId: roomA }), 'call A002');
    st = ok(await act('skip', { roomId: roomA, after: 1 }), 'skip');
    expect(st.next.map((t) => [t.number, t.status])).toEqual([['A003', 'waiting'], ['A002', 'skipped']]);
    expect(st.counts.skipped).toBe(1);
    // Absent, and moved to the other room (number kept).
    ok(await api('/review/scene/absent', { token: admin1, body: { roundId: s.round.id, workId: st.next[0].workId } }), 'absent');
    const moved = ok(await api<RoomState[]>('/review/scene/move', { token: admin1, body: { roundId: s.round.id, workId: st.next[1].workId, roomId: roomB } }), 'move');
    expect(moved.find((r) => r.roomId === roomB)!.next.map((t) => t.number)).toContain('A002');
    // Paused rooms call nobody.
    ok(await act('pause', { roomId: roomB, paused: true }), 'pause');
    expect((await act('call', { roomId: roomB })).code).toBe(10409);
    ok(await act('pause', { roomId: roomB, paused: false }), 'resume');
    const seqs = (await queue()).rooms.map((r) => r.seq);
    expect(Math.min(...seqs)).toBeGreaterThan(0);
  });

  it('calls one team when two staff press "call next" at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => act('call', { roomId: roomB })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 10409)).toHaveLength(7);
    const called = (await queue()).teams.filter((t) => t.roomId === roomB && ['called', 'presenting'].includes(t.status));
    expect(called).toHaveLength(1);
  });

  it('pairs a kiosk that hears its rooms live with seq numbers, speaks calls, and is refused once revoked', async () => {
    const pairing = ok(await api<KioskPairing>('/kiosk/pair', { method: 'POST' }), 'pair');
    expect(pairing.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(ok(await api<KioskPairStatus>('/kiosk/pair/status', { body: { pairingKey: pairing.pairingKey } }), 'status').bound).toBe(false);
    const bind = { code: pairing.code.toLowerCase(), roundId: s.round.id, roomIds: [roomA], name: '一号屏', layout: 'room' };
    // Another organisation cannot bind to this round (answered like a wrong code); the code stays usable.
    expect((await api('/review/scene/kiosk/bind', { token: admin2, body: bind })).code).toBe(10400);
    const device = ok(await api<KioskDevice>('/review/scene/kiosk/bind', { token: admin1, body: bind }), 'bind');
    expect((await api('/review/scene/kiosk/bind', { token: admin1, body: bind })).code).toBe(10400); // the code is used
    const { token } = ok(await api<KioskPairStatus>('/kiosk/pair/status', { body: { pairingKey: pairing.pairingKey } }), 'bound');
    expect(token).toBeTruthy();
    expect((await api('/kiosk/pair/status', { body: { pairingKey: pairing.pairingKey } })).code).toBe(10400); // handed over once
    const headers = { [KioskWire.tokenHeader]: token! };
    const rooms = ok(await api<{ rooms: RoomState[] }>('/kiosk/rooms', { headers }), 'rooms').rooms;
    expect(rooms.map((r) => r.roomId)).toEqual([roomA]);

    const kioskMetric = (metric: string, labels: Record<string, string> = {}) => metricValue('gateway', metric, { namespace: KioskWire.namespace, ...labels });
    const emittedBefore = await kioskMetric('gateway_kiosk_events_emitted_total', { event: KioskWire.roomEvent });
    const socket: Socket = io(`http://127.0.0.1:${PORT}${KioskWire.namespace}`, { path: KioskWire.path, auth: { token }, transports: ['websocket'] });
    const events: RoomChangedEvent[] = [];
    socket.on(KioskWire.roomEvent, (e: RoomChangedEvent) => events.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    // A000 left in room A: A003 is absent; bring it back by checking in (to the end of the line), then call it.
    ok(await api('/review/scene/checkin', { token: admin1, body: { roundId: s.round.id, code: 'A003' } }), 'late check-in');
    const called = ok(await act('call', { roomId: roomA }), 'call');
    for (let i = 0; i < 100 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(events.map((e) => e.action)).toEqual(['checkin', 'call']);
    expect(events[1].state.seq).toBe(events[0].state.seq + 1);
    expect(events[1].state.seq).toBe(called.seq);
    expect(events[1].announce).toEqual({ number: 'A003', calls: 1 });
    expect(events[1].state.current!.late).toBe(true);
    // The gateway's metrics port sees the screen connected and the two events sent to its room.
    expect(await kioskMetric('gateway_kiosk_sockets')).toBeGreaterThanOrEqual(1);
    expect(await kioskMetric('gateway_kiosk_events_emitted_total', { event: KioskWire.roomEvent })).toBeGreaterThanOrEqual(emittedBefore + 2);

    const voice = await api<Buffer>(`/kiosk/voice?roomId=${roomA}&number=A003&lang=zh-CN`, { headers });
    expect(voice.headers.get('content-type')).toBe('audio/wav');
    expect(voice.data.subarray(0, 4).toString()).toBe('RIFF');
    expect(voice.data.length).toBeGreaterThan(20_000);
    // The same call again is spoken from the cache.
    expect((await api(`/kiosk/voice?roomId=${roomA}&number=A003&lang=zh-CN`, { headers })).headers.get('x-voice-cache')).toBe('hit');
    // Not a room of this kiosk.
    expect((await api(`/kiosk/voice?roomId=${roomB}&number=B001&lang=en`, { headers })).code).toBe(10404);

    const revoked = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    ok(await api('/review/scene/kiosk/revoke', { token: admin1, body: { id: device.id } }), 'revoke');
    await revoked;
    socket.close();
    const refused = await api('/kiosk/rooms', { headers });
    expect(refused.code).toBe(401);
    const again = io(`http://127.0.0.1:${PORT}${KioskWire.namespace}`, { path: KioskWire.path, auth: { token }, transports: ['websocket'], reconnection: false });
    await expect(new Promise((resolve, reject) => {
      again.once('connect', () => resolve('connected'));
      again.once('connect_error', (e) => reject(e));
    })).rejects.toThrow(KioskWire.denied);
    again.close();
  });

  it("shows a team's on-site score to its room's screens once every expert there submitted, when the round says so", async () => {
    const saved = ok(await api<ExpertSaveReply>('/expert/save', { token: admin1, body: { name: '现场专家', phone: `136${run}01`, unit: '社会专家', title: '教授' } }), 'expert');
    const expert = await firstLogin(saved.credential!);
    const group = ok(await api<{ id: number }>('/review/group/save', { token: admin1, body: { roundId: s.round.id, name: '现场一组', expertIds: [saved.id], captainExpertId: saved.id } }), 'group');
    const rooms = s.setting.rooms.map((r, i) => ({ id: r.id, name: r.name, nameEn: r.nameEn, reviewGroupId: i === 0 ? group.id : null }));
    ok(await api('/review/scene/setting', { token: admin1, body: { roundId: s.round.id, venue: '图书馆报告厅', showScore: true, bilingual: true, rooms } }), 'seat the group');
    ok(await api('/review/round/open', { token: admin1, body: { id: s.round.id } }), 'open');
    // The room's experts were assigned its teams: the expert scores the first one in the workspace.
    const [a] = await sql<{ id: number; workId: number }>(
      `SELECT a.id, a.work_id AS "workId" FROM review.assignments a JOIN review.scene_queue q ON q.round_id = a.round_id AND q.work_id = a.work_id
       WHERE a.round_id = $1 AND q.room_id = $2 ORDER BY q.position LIMIT 1`,
      [s.round.id, roomA],
    );
    expect(a).toBeDefined();
    const pairing = ok(await api<KioskPairing>('/kiosk/pair', { method: 'POST' }), 'pair');
    ok(await api('/review/scene/kiosk/bind', { token: admin1, body: { code: pairing.code, roundId: s.round.id, roomIds: [roomA], name: '二号屏', layout: 'room' } }), 'bind');
    const { token } = ok(await api<KioskPairStatus>('/kiosk/pair/status', { body: { pairingKey: pairing.pairingKey } }), 'token');
    const socket: Socket = io(`http://127.0.0.1:${PORT}${KioskWire.namespace}`, { path: KioskWire.path, auth: { token }, transports: ['websocket'] });
    const scored = new Promise<RoomChangedEvent>((resolve) => socket.on(KioskWire.roomEvent, (e: RoomChangedEvent) => e.action === 'score' && resolve(e)));
    await new Promise((resolve) => socket.once('connect', resolve));
    ok(await api('/review/sheet/submit', { token: expert, body: { assignmentId: a.id, scores: [88], comment: '表现很好', version: 0 } }), 'submit');
    const e = await scored;
    const teams = [e.state.current, ...e.state.next, ...e.state.history].filter(Boolean) as QueueTeam[];
    expect(teams.find((t) => t.workId === a.workId)?.score).toBe(88);
    socket.close();
  });

  it("gives each team a time slot from its room's start, and checks in after the slot as late", async () => {
    const start = new Date(Date.now() - 60 * 60_000);
    start.setSeconds(0, 0);
    const rooms = s.setting.rooms.map((r, i) => ({ id: r.id, name: r.name, nameEn: r.nameEn, startsAt: i === 1 ? start.toISOString() : null, minutesPerTeam: 40 }));
    ok(await api('/review/scene/setting', { token: admin1, body: { roundId: s.round.id, venue: '图书馆报告厅', showScore: true, bilingual: true, rooms } }), 'slots');
    const inB = (await queue()).teams.filter((t) => t.roomId === roomB && ['waiting', 'skipped'].includes(t.status));
    for (const t of (await queue()).teams.filter((x) => x.roomId === roomB)) {
      expect(Date.parse(t.slotAt!)).toBe(start.getTime() + (t.position - 1) * 40 * 60_000);
    }
    expect((await queue()).teams.find((t) => t.roomId === roomA)!.slotAt).toBeNull();
    // Place 2's slot was 20 minutes ago: late; place 3's is 20 minutes away: on time.
    const past = inB.find((t) => t.position === 2)!;
    const future = inB.find((t) => t.position === 3)!;
    expect(ok(await api<QueueTeam>('/review/scene/checkin', { token: admin1, body: { roundId: s.round.id, code: past.number } }), 'late').late).toBe(true);
    expect(ok(await api<QueueTeam>('/review/scene/checkin', { token: admin1, body: { roundId: s.round.id, code: future.number } }), 'on time').late).toBe(false);
    const mine = ok(await api<MyAppearance[]>('/center/scene/list', { token: s.students[1].token }), 'mine');
    expect(Date.parse(mine[0].slotAt!)).toBe(start.getTime());
    expect((await api('/review/scene/setting', { token: admin1, body: { roundId: s.round.id, rooms: [{ name: '甲', minutesPerTeam: 0 }] } })).code).toBe(10400);
  });

  it("keeps another organisation out of this round's rooms", async () => {
    expect((await api(`/review/scene/setting?roundId=${s.round.id}`, { token: admin2 })).code).toBe(10404);
    expect((await api(`/review/scene/queue?roundId=${s.round.id}`, { token: admin2 })).code).toBe(10404);
    for (const p of ['call', 'recall', 'start', 'end', 'skip']) expect((await act(p, { roomId: roomA }, admin2)).code).toBe(10404);
    expect((await api('/review/scene/checkin', { token: admin2, body: { roundId: s.round.id, code: 'A001' } })).code).toBe(10404);
    expect((await api('/review/scene/kiosk/list?roundId=' + s.round.id, { token: admin2 })).code).toBe(10404);
  });

  it.each([
    ['/review/scene/setting', { roundId: 0, rooms: [] }],
    ['/review/scene/setting', { roundId: 1, rooms: [{ name: '' }] }],
    ['/review/scene/setting', { roundId: 1, rooms: 'x' }],
    ['/review/scene/draw', { roundId: 1, method: 'dice' }],
    ['/review/scene/draw', { roundId: 1, method: 'random', seed: 'a b;' }],
    ['/review/scene/call', { roomId: 'x' }],
    ['/review/scene/skip', { roomId: 1, after: 0 }],
    ['/review/scene/pause', { roomId: 1 }],
    ['/review/scene/move', { roundId: 1, workId: 1 }],
    ['/review/scene/checkin', { roundId: 1, code: '' }],
    ['/review/scene/kiosk/bind', { code: '12', roundId: 1, roomIds: [1], name: 'x' }],
    ['/review/scene/kiosk/bind', { code: 'ABCDEF', roundId: 1, roomIds: [], name: 'x' }],
    ['/kiosk/pair/status', { pairingKey: 'short' }],
  ])('refuses bad input to %s (%j)', async (path, body) => {
    const r = await api(path, { token: admin1, body });
    expect(r.code).toBe(10400);
    expect(r.msg).not.toMatch(/Error|stack/);
  });

  it('refuses a duplicate room name and rooms of a round that is not on-site', async () => {
    const dup = await api('/review/scene/setting', { token: admin1, body: { roundId: s.round.id, rooms: [{ name: '甲' }, { name: '甲' }] } });
    expect(dup.code).toBe(10400);
    const voice = await api(`/kiosk/voice?roomId=${roomA}&number=A003&lang=zh-CN`, { headers: { [KioskWire.tokenHeader]: 'nope' } });
    expect(voice.code).toBe(401);
  });
});
