import type { DrawMethod, KioskDevice, KioskLayout, QueueTeam, RoomState, SceneSetting, SceneSettingInput } from '@cmp/contracts';
import { http } from '@/app/http/client';

export interface SceneQueue {
  rooms: RoomState[];
  teams: QueueTeam[];
}

/** On-site review (现场评审) and the venue's screens (叫号管理). */
export const sceneApi = {
  setting: (roundId: number, signal?: AbortSignal) => http.get<SceneSetting>('/review/scene/setting', { roundId }, signal),
  save: (p: SceneSettingInput) => http.post<SceneSetting>('/review/scene/setting', p),
  draw: (roundId: number, method: DrawMethod, seed?: string) => http.post<SceneSetting>('/review/scene/draw', { roundId, method, seed: seed || undefined }),
  publish: (roundId: number) => http.post<SceneSetting>('/review/scene/publish', { roundId }),
  queue: (roundId: number, signal?: AbortSignal) => http.get<SceneQueue>('/review/scene/queue', { roundId }, signal),
  checkIn: (roundId: number, code: string) => http.post<QueueTeam>('/review/scene/checkin', { roundId, code }),
  act: (action: 'call' | 'recall' | 'start' | 'end', roomId: number) => http.post<RoomState>(`/review/scene/${action}`, { roomId }),
  skip: (roomId: number, after: number | null) => http.post<RoomState>('/review/scene/skip', { roomId, after }),
  pause: (roomId: number, paused: boolean) => http.post<RoomState>('/review/scene/pause', { roomId, paused }),
  absent: (roundId: number, workId: number) => http.post<RoomState>('/review/scene/absent', { roundId, workId }),
  move: (roundId: number, workId: number, roomId: number) => http.post<RoomState[]>('/review/scene/move', { roundId, workId, roomId }),
  kiosks: (roundId: number, signal?: AbortSignal) => http.get<KioskDevice[]>('/review/scene/kiosk/list', { roundId }, signal),
  bind: (p: { code: string; roundId: number; roomIds: number[]; name: string; layout: KioskLayout }) => http.post<KioskDevice>('/review/scene/kiosk/bind', p),
  revoke: (id: number) => http.post<KioskDevice>('/review/scene/kiosk/revoke', { id }),
};
