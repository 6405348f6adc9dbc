/**
 * On-site review (现场评审) and the venue kiosk: rooms, order of appearance, check-in and each room's queue
 * (services/review), and what a big screen is sent (gateway socket.io, kiosk/).
 */

export const QUEUE_STATUSES = ['waiting', 'called', 'presenting', 'done', 'skipped', 'absent'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export const DRAW_METHODS = ['random', 'signup', 'manual'] as const;
export type DrawMethod = (typeof DRAW_METHODS)[number];

export const KIOSK_LAYOUTS = ['room', 'venue'] as const;
export type KioskLayout = (typeof KIOSK_LAYOUTS)[number];

/** Teams a screen lists after the current call. */
export const SCREEN_NEXT_COUNT = 5;
/** Calls a screen keeps in its history. */
export const SCREEN_HISTORY_COUNT = 5;
/** How long a kiosk's pairing code stays valid. */
export const KIOSK_PAIRING_SECONDS = 600;
/** How long socket.io keeps a dropped screen's session and missed events (anchors: 2 min, never infinite). */
export const SCREEN_RECOVERY_MS = 2 * 60 * 1000;

/**
 * The kiosk's socket.io wire, one definition for the gateway and the kiosk app: where screens connect (under the
 * gateway's /prod-api), the namespace, the events a screen hears, the header that carries the device token over HTTP,
 * and the connect_error message of a refused (unpaired or revoked) screen.
 */
export const KioskWire = {
  path: '/prod-api/socket.io',
  namespace: '/kiosk',
  /** A room changed: a RoomChangedEvent. */
  roomEvent: 'room',
  /** The device was revoked: the screen drops its token and pairs again. */
  revokedEvent: 'revoked',
  tokenHeader: 'x-kiosk-token',
  denied: 'kiosk.denied' satisfies keyof typeof sceneMessages,
} as const;

export interface SceneRoomInput {
  id?: number;
  name: string;
  nameEn: string;
  /** The review group whose experts sit in this room and score its teams. */
  reviewGroupId: number | null;
  startsAt: string | null;
  endsAt: string | null;
  /** Each team's time slot: the room's start plus this many minutes per place before it. */
  minutesPerTeam: number;
}

export interface SceneRoom extends SceneRoomInput {
  id: number;
  /** Letter before the numbers of the room's teams (A012). */
  code: string;
  paused: boolean;
  teams: number;
}

export interface SceneSettingInput {
  roundId: number;
  venue: string;
  notice: string;
  /** The team's on-site score appears on the screen once every expert in the room has submitted. */
  showScore: boolean;
  /** Calls are announced in English too. */
  bilingual: boolean;
  rooms: SceneRoomInput[];
}

export interface SceneSetting extends Omit<SceneSettingInput, 'rooms'> {
  rooms: SceneRoom[];
  draw: { method: DrawMethod; seed: string | null; drawnAt: string; publishedAt: string | null } | null;
}

export interface DrawRequest {
  roundId: number;
  method: DrawMethod;
  /** Random draw: the seed to use (a draw is reproduced from it); a new one is made when missing. */
  seed?: string;
  /** Manual order: each room's works in order. */
  rooms?: { roomId: number; workIds: number[] }[];
}

/** One team in a room's queue, as staff see it. */
export interface QueueTeam {
  workId: number;
  roomId: number;
  number: string;
  position: number;
  title: string;
  /** Members' names masked 张*三 (staff see the same as the screen: it is on a public wall). */
  members: string[];
  school: string;
  status: QueueStatus;
  checkedInAt: string | null;
  late: boolean;
  calledAt: string | null;
  calls: number;
  skips: number;
  /** The team's time slot at its present place (null while the room has no start time). */
  slotAt: string | null;
  /** The on-site score once every expert of the room submitted (null before, or when the round hides it). */
  score: number | null;
}

/** What a screen shows of one room, and what staff see above its queue. */
export interface RoomState {
  roomId: number;
  roundId: number;
  name: string;
  nameEn: string;
  venue: string;
  notice: string;
  bilingual: boolean;
  /** Goes up by one with every change of the room; a screen that sees a gap fetches the state again. */
  seq: number;
  paused: boolean;
  current: QueueTeam | null;
  next: QueueTeam[];
  history: QueueTeam[];
  counts: { total: number; waiting: number; done: number; skipped: number; absent: number };
}

export type RoomAction = 'draw' | 'call' | 'recall' | 'start' | 'end' | 'skip' | 'absent' | 'pause' | 'resume' | 'move' | 'checkin' | 'setting' | 'score';

/** review.scene.changed: a room changed; the state after the change. Announce when action is call or recall. */
export interface RoomChangedEvent {
  action: RoomAction;
  state: RoomState;
  /** The team called or recalled (announced by the screens). */
  announce: { number: string; calls: number } | null;
}

export interface QueueRoomRequest {
  roomId: number;
}
export interface SkipRequest extends QueueRoomRequest {
  /** Back in the queue after this many teams; null: at the end. */
  after: number | null;
}
export interface QueueWorkRequest {
  roundId: number;
  workId: number;
}
export interface MoveRequest extends QueueWorkRequest {
  roomId: number;
}
export interface CheckInRequest {
  roundId: number;
  /** What the scanner read from the participant's QR code, or the number staff typed (A012). */
  code: string;
}

/** One on-site appearance in a participant's personal centre, with the QR code staff scan at the door. */
export interface MyAppearance {
  roundId: number;
  roundName: string;
  venue: string;
  workId: number;
  title: string;
  roomName: string;
  roomNameEn: string;
  number: string;
  position: number;
  /** The team's time slot (the room's start and the minutes per team before its place). */
  slotAt: string | null;
  status: QueueStatus;
  checkedInAt: string | null;
  /** The signed check-in code (the QR code's text). */
  checkInCode: string;
  /** The same as a QR image (data URL), made by the gateway. */
  qr?: string;
}

export interface KioskDevice {
  id: number;
  name: string;
  roundId: number;
  roomIds: number[];
  layout: KioskLayout;
  createdAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
}

export interface KioskBindRequest {
  code: string;
  roundId: number;
  roomIds: number[];
  name: string;
  layout: KioskLayout;
}

/** What a paired kiosk learns about itself. */
export interface KioskIdentity {
  deviceId: number;
  name: string;
  roundId: number;
  roomIds: number[];
  layout: KioskLayout;
}

export interface KioskPairing {
  code: string;
  /** The kiosk's private handle to ask whether it was bound (the code alone is shown on screen). */
  pairingKey: string;
  expiresAt: string;
}

export interface KioskPairStatus {
  bound: boolean;
  /** Handed over once, when bound. */
  token: string | null;
}

/**
 * The order of a random draw: a Fisher–Yates shuffle of the works (sorted by id) driven by a PRNG seeded from the
 * seed text (xmur3 hash → mulberry32), so anyone holding the seed and the list reproduces it.
 */
export function drawOrder(seed: string, workIds: readonly number[]): number[] {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  let a = (h ^ (h >>> 16)) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...workIds].sort((x, y) => x - y);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A team's number in its room: the room's letter and its place, three digits (A012). */
export const queueNumber = (code: string, position: number) => `${code}${String(position).padStart(3, '0')}`;

/** What the screen says (and the server speaks) for a call. */
export function announcement(lang: 'zh-CN' | 'en', number: string, room: { name: string; nameEn: string }): string {
  if (lang === 'en') return `Number ${number.split('').join(' ')}, please go to ${room.nameEn || room.name}.`;
  return `请 ${number} 号 到 ${room.name}`;
}

export const sceneMessages = {
  'scene.notOnsite': { 'zh-CN': '该评审轮次不是现场评审', en: 'This round is not an on-site review' },
  'kiosk.voiceFailed': { 'zh-CN': '叫号语音暂时无法生成，请稍后再试', en: 'The spoken call could not be made just now; try again shortly' },
  'scene.roomNotFound': { 'zh-CN': '评审室不存在：{id}', en: 'No such room: {id}' },
  'scene.noRooms': { 'zh-CN': '请先设置评审室', en: 'Set up the rooms first' },
  'scene.roomNames': { 'zh-CN': '评审室名称重复：{name}', en: 'Two rooms are named {name}' },
  'scene.roomInUse': { 'zh-CN': '评审室“{name}”已有队伍，不能删除', en: 'Room "{name}" has teams and cannot be removed' },
  'scene.groupNotInRound': { 'zh-CN': '评审组不属于本轮：{id}', en: 'The review group is not in this round: {id}' },
  'scene.noWorks': { 'zh-CN': '本轮没有作品，请先同步作品', en: 'This round has no works; load them first' },
  'scene.started': { 'zh-CN': '已有队伍被叫号，不能重新抽签', en: 'Teams have been called already; the order cannot be drawn again' },
  'scene.manualOrder': { 'zh-CN': '手动排序须包含本轮的每个作品各一次（缺少或重复：{ids}）', en: 'A manual order must hold every work of the round once (missing or repeated: {ids})' },
  'scene.notDrawn': { 'zh-CN': '请先确定出场顺序', en: 'Decide the order of appearance first' },
  'scene.paused': { 'zh-CN': '该评审室已暂停叫号', en: 'Calls are paused in this room' },
  'scene.busy': { 'zh-CN': '当前队伍（{number}）尚未结束：请先结束、过号或标记缺席', en: 'The current team ({number}) is not finished: end, skip or mark it absent first' },
  'scene.queueEmpty': { 'zh-CN': '没有等待中的队伍', en: 'No team is waiting' },
  'scene.noCurrent': { 'zh-CN': '当前没有被叫号的队伍', en: 'No team is being called' },
  'scene.badTransition': { 'zh-CN': '队伍 {number} 当前为“{status}”，不能执行该操作', en: 'Team {number} is {status}; this action does not apply' },
  'scene.teamNotFound': { 'zh-CN': '未找到该队伍：{code}', en: 'No such team: {code}' },
  'scene.badCode': { 'zh-CN': '签到码无效或不属于本轮', en: 'The check-in code is not valid for this round' },
  'scene.sameRoom': { 'zh-CN': '队伍已在该评审室', en: 'The team is already in that room' },
  'kiosk.badCode': {
    'zh-CN': '配对码无效或已过期，或无法绑定到所选轮次和评审室：请在大屏上刷新配对码并重新选择',
    en: 'The pairing code is wrong or expired, or the screen cannot be bound to the chosen round and rooms; refresh the code on the screen and choose again',
  },
  'kiosk.tooManyAttempts': { 'zh-CN': '配对尝试过多，请 {minutes} 分钟后再试', en: 'Too many pairing attempts; try again in {minutes} min' },
  'kiosk.roomsNotInRound': { 'zh-CN': '请选择本轮的评审室', en: 'Choose rooms of this round' },
  'kiosk.denied': { 'zh-CN': '大屏未配对或已被撤销，请重新配对', en: 'This screen is not paired or was revoked; pair it again' },
  'kiosk.notFound': { 'zh-CN': '大屏设备不存在：{id}', en: 'No such screen: {id}' },
  'kiosk.badPairing': { 'zh-CN': '配对已过期，请重新获取配对码', en: 'The pairing expired; get a new code' },
  'message.sceneOrder': {
    'zh-CN': '现场评审出场顺序已公布：“{title}”在{room}，序号 {number}（第 {position} 位）',
    en: 'On-site order published: "{title}" is number {number} in {room} (place {position})',
  },
} as const;
