import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, OutboxRelay, returnedRows, Scopes } from '@cmp/common';
import type { MoveRequest, QueueRoomRequest, QueueStatus, QueueWorkRequest, RoomAction, RoomChangedEvent, RoomState, RpcRequest, SkipRequest } from '@cmp/contracts';
import { lockRooms, roomsChanged, type LockedRoom } from './room-changes';

interface QueueRow {
  workId: number;
  roomId: number;
  number: string;
  position: number;
  status: QueueStatus;
  calls: number;
}

const QUEUE_ROW = `work_id AS "workId", room_id AS "roomId", number, position, status, calls`;

/**
 * Each room's queue (叫号): staff actions under the room's row lock, each numbered and sent to the screens. Two staff
 * pressing "call next" at once take turns on the lock: the first calls a team, the second finds it busy. A partial
 * unique index (one called or presenting team per room) backs this up.
 */
@Injectable()
export class QueueService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    private readonly relay: OutboxRelay,
  ) {}

  /** Runs one action on a room under its lock and tells the screens; answers the room's new state. */
  private async onRoom(
    req: RpcRequest,
    roomId: number,
    action: RoomAction,
    act: (m: EntityManager, room: LockedRoom) => Promise<RoomChangedEvent['announce'] | void>,
  ): Promise<RoomState> {
    const scope = await this.scopes.of(req);
    const [state] = await this.ds.transaction(async (m) => {
      const [room] = await lockRooms(m, scope, [roomId]);
      const announce = (await act(m, room)) ?? null;
      return roomsChanged(m, [room.id], action, announce);
    });
    this.relay.kick();
    return state;
  }

  private async current(m: EntityManager, roomId: number): Promise<QueueRow | undefined> {
    const [row] = await m.query(`SELECT ${QUEUE_ROW} FROM scene_queue WHERE room_id = $1 AND status IN ('called', 'presenting')`, [roomId]);
    return row;
  }

  private async mustBeCurrent(m: EntityManager, roomId: number, status: QueueStatus): Promise<QueueRow> {
    const row = await this.current(m, roomId);
    if (!row) throw AppError.conflict('scene.noCurrent');
    if (row.status !== status) throw AppError.conflict('scene.badTransition', { number: row.number, status: row.status });
    return row;
  }

  /** Calls the first waiting (or skipped, back in line) team; refused while a team is at the door or on stage. */
  callNext(req: RpcRequest<QueueRoomRequest>): Promise<RoomState> {
    return this.onRoom(req, req.payload.roomId, 'call', async (m, room) => {
      if (room.paused) throw AppError.conflict('scene.paused');
      const busy = await this.current(m, room.id);
      if (busy) throw AppError.conflict('scene.busy', { number: busy.number });
      const [next] = await returnedRows<QueueRow>(m,
        `UPDATE scene_queue SET status = 'called', called_at = clock_timestamp(), calls = calls + 1
         WHERE (round_id, work_id) = (SELECT round_id, work_id FROM scene_queue WHERE room_id = $1 AND status IN ('waiting', 'skipped') ORDER BY position, work_id LIMIT 1)
         RETURNING ${QUEUE_ROW}`,
        [room.id],
      );
      if (!next) throw AppError.conflict('scene.queueEmpty');
      return { number: next.number, calls: next.calls };
    });
  }

  /** 重呼: announces the called team again. */
  recall(req: RpcRequest<QueueRoomRequest>): Promise<RoomState> {
    return this.onRoom(req, req.payload.roomId, 'recall', async (m, room) => {
      const row = await this.mustBeCurrent(m, room.id, 'called');
      await m.query(`UPDATE scene_queue SET calls = calls + 1, called_at = clock_timestamp() WHERE room_id = $1 AND work_id = $2`, [room.id, row.workId]);
      return { number: row.number, calls: row.calls + 1 };
    });
  }

  start(req: RpcRequest<QueueRoomRequest>): Promise<RoomState> {
    return this.onRoom(req, req.payload.roomId, 'start', async (m, room) => {
      const row = await this.mustBeCurrent(m, room.id, 'called');
      await m.query(`UPDATE scene_queue SET status = 'presenting', started_at = now() WHERE room_id = $1 AND work_id = $2`, [room.id, row.workId]);
    });
  }

  end(req: RpcRequest<QueueRoomRequest>): Promise<RoomState> {
    return this.onRoom(req, req.payload.roomId, 'end', async (m, room) => {
      const row = await this.mustBeCurrent(m, room.id, 'presenting');
      await m.query(`UPDATE scene_queue SET status = 'done', ended_at = now() WHERE room_id = $1 AND work_id = $2`, [room.id, row.workId]);
    });
  }

  /** 过号: the called team goes back in line after `after` teams (or at the end), marked skipped. */
  skip(req: RpcRequest<SkipRequest>): Promise<RoomState> {
    return this.onRoom(req, req.payload.roomId, 'skip', async (m, room) => {
      const row = await this.mustBeCurrent(m, room.id, 'called');
      const line: { position: number }[] = await m.query(
        `SELECT position FROM scene_queue WHERE room_id = $1 AND status IN ('waiting', 'skipped') ORDER BY position, work_id`,
        [room.id],
      );
      const after = req.payload.after;
      let position: number;
      if (after === null || after >= line.length) position = (line.at(-1)?.position ?? row.position) + 1;
      else {
        // Behind the after-th team: everyone from the next place on moves down one.
        position = line[after - 1] ? line[after - 1].position + 1 : line[0].position;
        await m.query(`UPDATE scene_queue SET position = position + 1 WHERE room_id = $1 AND position >= $2 AND status IN ('waiting', 'skipped')`, [room.id, position]);
      }
      await m.query(`UPDATE scene_queue SET status = 'skipped', skips = skips + 1, position = $3 WHERE room_id = $1 AND work_id = $2`, [room.id, row.workId, position]);
    });
  }

  /** A team that did not come: waiting, skipped or called → absent (check-in brings it back at the end). */
  async absent(req: RpcRequest<QueueWorkRequest>): Promise<RoomState> {
    const row = await this.teamOf(req);
    return this.onRoom(req, row.roomId, 'absent', async (m, room) => {
      const done = await returnedRows(m,
        `UPDATE scene_queue SET status = 'absent' WHERE room_id = $1 AND work_id = $2 AND status IN ('waiting', 'skipped', 'called') RETURNING work_id`,
        [room.id, row.workId],
      );
      if (!done.length) await this.refuse(m, row.workId, room.roundId);
    });
  }

  pause(req: RpcRequest<QueueRoomRequest & { paused: boolean }>): Promise<RoomState> {
    return this.onRoom(req, req.payload.roomId, req.payload.paused ? 'pause' : 'resume', async (m, room) => {
      await m.query(`UPDATE scene_rooms SET paused = $2 WHERE id = $1`, [room.id, req.payload.paused]);
    });
  }

  /** Moves a team that is not at the door or on stage to the end of another room's line; its number stays. */
  async move(req: RpcRequest<MoveRequest>): Promise<RoomState[]> {
    const scope = await this.scopes.of(req);
    const row = await this.teamOf(req);
    if (row.roomId === req.payload.roomId) throw AppError.conflict('scene.sameRoom');
    const states = await this.ds.transaction(async (m) => {
      const rooms = await lockRooms(m, scope, [row.roomId, req.payload.roomId]);
      if (rooms.some((r) => r.roundId !== req.payload.roundId)) throw AppError.notFound('scene.roomNotFound', { id: req.payload.roomId });
      const moved = await returnedRows(m,
        `UPDATE scene_queue SET room_id = $3, position = (SELECT coalesce(max(position), 0) + 1 FROM scene_queue WHERE room_id = $3)
         WHERE round_id = $1 AND work_id = $2 AND room_id = $4 AND status IN ('waiting', 'skipped', 'absent') RETURNING work_id`,
        [req.payload.roundId, row.workId, req.payload.roomId, row.roomId],
      );
      if (!moved.length) await this.refuse(m, row.workId, req.payload.roundId);
      await seatExperts(m, req.payload.roundId);
      return roomsChanged(m, [row.roomId, req.payload.roomId], 'move');
    });
    this.relay.kick();
    return states;
  }

  /** The team's row (its room to lock); scoping happens when the room is locked. */
  private async teamOf(req: RpcRequest<QueueWorkRequest>): Promise<QueueRow> {
    const [row] = await this.ds.query(`SELECT ${QUEUE_ROW} FROM scene_queue WHERE round_id = $1 AND work_id = $2`, [req.payload.roundId, req.payload.workId]);
    if (!row) throw AppError.notFound('scene.teamNotFound', { code: String(req.payload.workId) });
    return row;
  }

  private async refuse(m: EntityManager, workId: number, roundId: number): Promise<never> {
    const [now] = await m.query(`SELECT number, status FROM scene_queue WHERE round_id = $1 AND work_id = $2`, [roundId, workId]);
    throw AppError.conflict('scene.badTransition', { number: now?.number ?? String(workId), status: now?.status ?? '' });
  }
}

/**
 * The experts of each room's review group score the room's teams (the scoring workspace shows them): missing
 * assignments are added; unscored ones of experts no longer in the team's room are removed (a team moved).
 */
export async function seatExperts(m: EntityManager, roundId: number): Promise<void> {
  await m.query(
    `UPDATE round_works w SET review_group_id = r.review_group_id FROM scene_queue q JOIN scene_rooms r ON r.id = q.room_id
     WHERE q.round_id = $1 AND w.round_id = q.round_id AND w.work_id = q.work_id AND w.review_group_id IS DISTINCT FROM r.review_group_id`,
    [roundId],
  );
  await m.query(
    `DELETE FROM assignments a USING scene_queue q, scene_rooms r
     WHERE a.round_id = $1 AND q.round_id = a.round_id AND q.work_id = a.work_id AND r.id = q.room_id
       AND NOT EXISTS (SELECT 1 FROM group_experts g WHERE g.group_id = r.review_group_id AND g.expert_id = a.expert_id)
       AND NOT EXISTS (SELECT 1 FROM score_sheets s WHERE s.assignment_id = a.id)`,
    [roundId],
  );
  await m.query(
    `INSERT INTO assignments (round_id, work_id, expert_id, source)
     SELECT q.round_id, q.work_id, g.expert_id, 'manual' FROM scene_queue q JOIN scene_rooms r ON r.id = q.room_id JOIN group_experts g ON g.group_id = r.review_group_id
     WHERE q.round_id = $1 ON CONFLICT (round_id, work_id, expert_id) DO NOTHING`,
    [roundId],
  );
}
