import { KioskWire, type KioskIdentity, type KioskPairing, type KioskPairStatus, type RoomState } from '@cmp/contracts';

const TOKEN_KEY = 'kiosk.token';
const API = '/prod-api';

export const savedToken = () => localStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string | null) => (token ? localStorage.setItem(TOKEN_KEY, token) : localStorage.removeItem(TOKEN_KEY));

/** The device was revoked or its token is unknown: back to pairing. */
export class Denied extends Error {}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${API}${path}`, init);
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code === 401) throw new Denied(body.msg);
  if (body.code !== 0) throw new Error(body.msg);
  return body.data;
}

/** The paired device's token, on every call that reads its rooms. */
const device = (token: string): RequestInit => ({ headers: { [KioskWire.tokenHeader]: token } });
const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const startPairing = () => call<KioskPairing>('/kiosk/pair', { method: 'POST' });
export const pairingStatus = (pairingKey: string) => call<KioskPairStatus>('/kiosk/pair/status', json({ pairingKey }));
export const fetchRooms = (token: string) => call<{ device: KioskIdentity; rooms: RoomState[] }>('/kiosk/rooms', device(token));

export async function fetchVoice(token: string, roomId: number, number: string, lang: 'zh-CN' | 'en'): Promise<ArrayBuffer> {
  const res = await fetch(`${API}/kiosk/voice?roomId=${roomId}&number=${encodeURIComponent(number)}&lang=${lang}`, device(token));
  if (!res.ok || !res.headers.get('content-type')?.startsWith('audio/')) throw new Error(`voice ${res.status}`);
  return res.arrayBuffer();
}
