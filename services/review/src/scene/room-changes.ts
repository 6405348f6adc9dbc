import type { EntityManager } from 'typeorm';
import { AppError, inScope, writeEvent, type Scope } from '@cmp/common';
import { EventSubject, type RoomAction, type RoomChangedEvent, type RoomState } from '@cmp/contracts';
import { roomStates } from './scene.sql';

export interface LockedRoom {
  id: number;
  roundId: number;
  code: string;
  paused: boolean;
  groupId: number;
}

/**
 * Locks rooms in id order (two staff acting on two rooms never deadlock) and checks they are the caller's; a room of
 * another organisation is simply not found. Every change of a room happens under this lock, so its seq and its queue
 * move together.
 */
export async function lockRooms(m: EntityManager, scope: Scope, roomIds: number[]): Promise<LockedRoom[]> {
  const ids = [...new Set(roomIds)].sort((a, b) => a - b);
  const rows: LockedRoom[] = await m.query(
    `SELECT r.id, r.round_id AS "roundId", r.code, r.paused, rd.group_id AS "groupId"
     FROM scene_rooms r JOIN rounds rd ON rd.id = r.round_id AND rd.deleted_at IS NULL
     WHERE r.id = ANY($1::int[]) ORDER BY r.id FOR UPDATE OF r`,
    [ids],
  );
  for (const id of ids) {
    const room = rows.find((r) => r.id === id);
    if (!room || !inScope(scope, room.groupId)) throw AppError.notFound('scene.roomNotFound', { id });
  }
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

/**
 * Numbers the rooms' change (seq + 1) and records review.scene.changed with each room's state after it, in the
 * transaction of the change: the screens see every change, once, in order.
 */
export async function roomsChanged(m: EntityManager, roomIds: number[], action: RoomAction, announce: RoomChangedEvent['announce'] = null): Promise<RoomState[]> {
  if (!roomIds.length) return [];
  await m.query(`UPDATE scene_rooms SET seq = seq + 1 WHERE id = ANY($1::int[])`, [roomIds]);
  const states = await roomStates(m, roomIds);
  for (const state of states) await writeEvent(m, EventSubject.sceneChanged, { action, state, announce } satisfies RoomChangedEvent);
  return states;
}

/**
 * A submitted sheet may complete an on-site team's score: when the round shows scores on the screens, the team's room
 * is told (its state carries the score once every expert submitted). Answers whether an event was written.
 */
export async function sheetSubmitted(m: EntityManager, roundId: number, workId: number): Promise<boolean> {
  const [room] = await m.query(
    `SELECT q.room_id AS id FROM scene_queue q JOIN scene_settings s ON s.round_id = q.round_id WHERE q.round_id = $1 AND q.work_id = $2 AND s.show_score`,
    [roundId, workId],
  );
  if (!room) return false;
  await m.query(`SELECT id FROM scene_rooms WHERE id = $1 FOR UPDATE`, [room.id]);
  await roomsChanged(m, [room.id], 'score');
  return true;
}
