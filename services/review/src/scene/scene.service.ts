import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, OutboxRelay, returnedRows, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import {
  drawOrder,
  EnrollmentSubject,
  queueNumber,
  type CheckInRequest,
  type DrawRequest,
  type MyAppearance,
  type QueueTeam,
  type RoomState,
  type Round,
  type RpcRequest,
  type SceneSetting,
  type SceneSettingInput,
} from '@cmp/contracts';
import { RoundService } from '../round/round.service';
import { lockRooms, roomsChanged } from './room-changes';
import { seatExperts } from './queue.service';
import { roomTeams, roomView, SLOT } from './scene.sql';

const ROOM_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The check-in code a participant's QR carries: version, round, work and an HMAC of both under the round's key. */
const CODE = /^CK1\.(\d{1,9})\.(\d{1,9})\.([A-Za-z0-9_-]{22})$/;
const sign = (key: Buffer, roundId: number, workId: number) => createHmac('sha256', key).update(`${roundId}.${workId}`).digest().subarray(0, 16).toString('base64url');
const checkInCode = (key: Buffer, roundId: number, workId: number) => `CK1.${roundId}.${workId}.${sign(key, roundId, workId)}`;

/** Staff's view of the venue: every room's state and every team. */
export interface SceneQueue {
  rooms: RoomState[];
  teams: QueueTeam[];
}

/**
 * On-site rounds (现场评审): the venue and its rooms, the order of appearance (a seeded draw anyone can reproduce,
 * sign-up order, or by hand), its publication to the teams, and check-in at the door.
 */
@Injectable()
export class SceneService {
  private readonly logger = new Logger(SceneService.name);

  constructor(
    private readonly ds: DataSource,
    private readonly rounds: RoundService,
    private readonly scopes: Scopes,
    private readonly relay: OutboxRelay,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  private async onsite(req: RpcRequest, roundId: number, m?: EntityManager, lock = false): Promise<Round> {
    const round = await this.rounds.scoped(req, roundId, m, lock);
    if (round.type !== 'onsite') throw AppError.badRequest('scene.notOnsite');
    return round;
  }

  async setting(req: RpcRequest<{ roundId: number }>): Promise<SceneSetting> {
    const round = await this.onsite(req, req.payload.roundId);
    return this.load(this.ds.manager, round.id);
  }

  private async load(m: EntityManager, roundId: number): Promise<SceneSetting> {
    const [s] = await m.query(
      `SELECT venue, notice, show_score AS "showScore", bilingual, draw_method AS method, draw_seed AS seed, drawn_at AS "drawnAt", published_at AS "publishedAt"
       FROM scene_settings WHERE round_id = $1`,
      [roundId],
    );
    const rooms = await m.query(
      `SELECT r.id, r.name, r.name_en AS "nameEn", r.code, r.review_group_id AS "reviewGroupId", r.starts_at AS "startsAt", r.ends_at AS "endsAt",
         r.minutes_per_team AS "minutesPerTeam", r.paused,
         (SELECT count(*)::int FROM scene_queue q WHERE q.room_id = r.id) AS teams
       FROM scene_rooms r WHERE r.round_id = $1 ORDER BY r.sort, r.id`,
      [roundId],
    );
    return {
      roundId,
      venue: s?.venue ?? '',
      notice: s?.notice ?? '',
      showScore: s?.showScore ?? false,
      bilingual: s?.bilingual ?? false,
      rooms,
      draw: s?.drawnAt ? { method: s.method, seed: s.seed, drawnAt: s.drawnAt, publishedAt: s.publishedAt } : null,
    };
  }

  /** Saves the venue and its rooms; a room with teams cannot be removed. */
  async save(req: RpcRequest<SceneSettingInput>): Promise<SceneSetting> {
    const p = req.payload;
    const names = new Set<string>();
    for (const r of p.rooms) {
      const name = r.name.trim();
      if (names.has(name)) throw AppError.badRequest('scene.roomNames', { name });
      names.add(name);
    }
    await this.ds.transaction(async (m) => {
      const round = await this.onsite(req, p.roundId, m, true);
      const groups: number[] = (await m.query(`SELECT id FROM review_groups WHERE round_id = $1`, [round.id])).map((g: { id: number }) => g.id);
      for (const r of p.rooms) if (r.reviewGroupId !== null && !groups.includes(r.reviewGroupId)) throw AppError.badRequest('scene.groupNotInRound', { id: r.reviewGroupId });
      await m.query(
        `INSERT INTO scene_settings (round_id, venue, notice, show_score, bilingual, checkin_key) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (round_id) DO UPDATE SET venue = $2, notice = $3, show_score = $4, bilingual = $5`,
        [round.id, p.venue.trim(), p.notice.trim(), p.showScore, p.bilingual, randomBytes(32)],
      );
      const before: { id: number; name: string; code: string; teams: number }[] = await m.query(
        `SELECT r.id, r.name, r.code, (SELECT count(*)::int FROM scene_queue q WHERE q.room_id = r.id) AS teams FROM scene_rooms r WHERE r.round_id = $1`,
        [round.id],
      );
      const kept = new Set(p.rooms.map((r) => r.id).filter(Boolean));
      for (const gone of before.filter((b) => !kept.has(b.id))) {
        if (gone.teams) throw AppError.conflict('scene.roomInUse', { name: gone.name });
        await m.query(`DELETE FROM scene_rooms WHERE id = $1`, [gone.id]);
      }
      // Names move out of the way first: renaming room 1 to room 2's name and back in one save is allowed.
      await m.query(`UPDATE scene_rooms SET name = '~' || id WHERE round_id = $1`, [round.id]);
      const used = new Set(before.filter((b) => kept.has(b.id)).map((b) => b.code));
      for (const [sort, r] of p.rooms.entries()) {
        const values = [r.name.trim(), r.nameEn.trim(), r.reviewGroupId, r.startsAt, r.endsAt, r.minutesPerTeam, sort];
        if (r.id && before.some((b) => b.id === r.id)) {
          await m.query(
            `UPDATE scene_rooms SET name = $2, name_en = $3, review_group_id = $4, starts_at = $5, ends_at = $6, minutes_per_team = $7, sort = $8 WHERE id = $1`,
            [r.id, ...values],
          );
          continue;
        }
        if (r.id) throw AppError.notFound('scene.roomNotFound', { id: r.id });
        const code = [...ROOM_LETTERS].find((c) => !used.has(c));
        if (!code) throw AppError.badRequest('scene.roomNames', { name: r.name });
        used.add(code);
        await m.query(
          `INSERT INTO scene_rooms (round_id, name, name_en, review_group_id, starts_at, ends_at, minutes_per_team, sort, code) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [round.id, ...values, code],
        );
      }
      await seatExperts(m, round.id);
      const ids: number[] = (await m.query(`SELECT id FROM scene_rooms WHERE round_id = $1`, [round.id])).map((r: { id: number }) => r.id);
      await roomsChanged(m, ids, 'setting');
    });
    this.relay.kick();
    return this.load(this.ds.manager, p.roundId);
  }

  /**
   * Decides the order of appearance and deals the teams to the rooms in turn (team i to room i mod rooms). A random
   * draw shuffles the works, sorted by id, with a PRNG seeded from the seed (drawOrder): the seed is kept and shown,
   * and drawing again with it gives the same order. Only before anyone was called.
   */
  async draw(req: RpcRequest<DrawRequest>): Promise<SceneSetting> {
    const p = req.payload;
    const scope = await this.scopes.of(req);
    await this.ds.transaction(async (m) => {
      const round = await this.onsite(req, p.roundId, m, true);
      const roomIds: number[] = (await m.query(`SELECT id FROM scene_rooms WHERE round_id = $1 ORDER BY sort, id`, [round.id])).map((r: { id: number }) => r.id);
      if (!roomIds.length) throw AppError.conflict('scene.noRooms');
      const rooms = await lockRooms(m, scope, roomIds);
      const [{ started }] = await m.query(`SELECT count(*)::int AS started FROM scene_queue WHERE round_id = $1 AND (calls > 0 OR status <> 'waiting')`, [round.id]);
      if (started) throw AppError.conflict('scene.started');
      const works: { workId: number; signupId: number | null }[] = await m.query(
        `SELECT work_id AS "workId", signup_id AS "signupId" FROM round_works WHERE round_id = $1 ORDER BY signup_id NULLS LAST, work_id`,
        [round.id],
      );
      if (!works.length) throw AppError.conflict('scene.noWorks');
      const ids = works.map((w) => w.workId);
      const seed = p.method === 'random' ? (p.seed?.trim() || randomBytes(8).toString('hex')) : null;
      let dealt: { roomId: number; workIds: number[] }[];
      if (p.method === 'manual') dealt = this.manual(p, roomIds, ids);
      else {
        const order = seed ? drawOrder(seed, ids) : ids;
        dealt = roomIds.map((roomId, i) => ({ roomId, workIds: order.filter((_, k) => k % roomIds.length === i) }));
      }
      await m.query(`DELETE FROM scene_queue WHERE round_id = $1`, [round.id]);
      for (const { roomId, workIds } of dealt) {
        const code = rooms.find((r) => r.id === roomId)!.code;
        await m.query(
          `INSERT INTO scene_queue (round_id, work_id, room_id, position, number)
           SELECT $1, w, $2, n, num FROM unnest($3::int[], $4::text[]) WITH ORDINALITY AS t(w, num, n)`,
          [round.id, roomId, workIds, workIds.map((_, i) => queueNumber(code, i + 1))],
        );
      }
      await m.query(
        `UPDATE scene_settings SET draw_method = $2, draw_seed = $3, drawn_at = now(), published_at = NULL WHERE round_id = $1`,
        [round.id, p.method, seed],
      );
      await seatExperts(m, round.id);
      await roomsChanged(m, roomIds, 'draw');
    });
    this.relay.kick();
    return this.load(this.ds.manager, p.roundId);
  }

  /** A manual order must name every work of the round exactly once, in rooms of the round. */
  private manual(p: DrawRequest, roomIds: number[], ids: number[]): { roomId: number; workIds: number[] }[] {
    const given = p.rooms ?? [];
    for (const r of given) if (!roomIds.includes(r.roomId)) throw AppError.notFound('scene.roomNotFound', { id: r.roomId });
    const all = given.flatMap((r) => r.workIds);
    const wrong = [...ids.filter((id) => all.filter((x) => x === id).length !== 1), ...all.filter((id) => !ids.includes(id))];
    if (wrong.length) throw AppError.badRequest('scene.manualOrder', { ids: [...new Set(wrong)].slice(0, 10).join(', ') });
    return given;
  }

  /** Tells every team its room, number and place (a personal-centre message); the personal centre shows it from now on. */
  async publish(req: RpcRequest<{ roundId: number }>): Promise<SceneSetting> {
    const round = await this.onsite(req, req.payload.roundId);
    const done = await returnedRows(this.ds, `UPDATE scene_settings SET published_at = now() WHERE round_id = $1 AND drawn_at IS NOT NULL RETURNING round_id`, [round.id]);
    if (!done.length) throw AppError.conflict('scene.notDrawn');
    const teams: { userIds: number[]; title: string; room: string; roomEn: string; number: string; position: number }[] = await this.ds.query(
      `SELECT w.member_user_ids AS "userIds", w.title, r.name AS room, r.name_en AS "roomEn", q.number, q.position FROM scene_queue q
       JOIN round_works w ON w.round_id = q.round_id AND w.work_id = q.work_id JOIN scene_rooms r ON r.id = q.room_id WHERE q.round_id = $1`,
      [round.id],
    );
    for (const t of teams.filter((x) => x.userIds.length)) {
      const params = { title: t.title, room: t.room, number: t.number, position: t.position };
      const paramsEn = { room: t.roomEn || t.room };
      await this.rpc
        .request(EnrollmentSubject.messageSend, { ...req, payload: { userIds: t.userIds, key: 'message.sceneOrder', params, paramsEn } })
        .catch((e: Error) => this.logger.warn(`order message: ${e.message}`));
    }
    return this.load(this.ds.manager, round.id);
  }

  /** Every room's state and every team of the round, for staff. */
  async queue(req: RpcRequest<{ roundId: number }>): Promise<SceneQueue> {
    const round = await this.onsite(req, req.payload.roundId);
    const ids: number[] = (await this.ds.query(`SELECT id FROM scene_rooms WHERE round_id = $1`, [round.id])).map((r: { id: number }) => r.id);
    return roomView(this.ds.manager, ids);
  }

  /**
   * 签到: by the participant's QR code (signed with the round's key: a forged or altered code is refused) or by the
   * number staff type. After the team's time slot (or once called) it is late; an absent team that turns up goes to the end of the line.
   */
  async checkIn(req: RpcRequest<CheckInRequest>): Promise<QueueTeam> {
    const scope = await this.scopes.of(req);
    const round = await this.onsite(req, req.payload.roundId);
    const code = req.payload.code.trim();
    const [key] = await this.ds.query(`SELECT checkin_key AS key FROM scene_settings WHERE round_id = $1`, [round.id]);
    let where: [string, unknown];
    const signed = CODE.exec(code);
    if (signed) {
      const [, roundId, workId, mac] = signed;
      const expected = key && Number(roundId) === round.id ? Buffer.from(sign(key.key, round.id, Number(workId))) : null;
      if (!expected || !timingSafeEqual(expected, Buffer.from(mac))) throw AppError.badRequest('scene.badCode');
      where = ['work_id = $2', Number(workId)];
    } else if (code.startsWith('CK1.')) throw AppError.badRequest('scene.badCode');
    else where = ['number = $2', code.toUpperCase()];
    const [row] = await this.ds.query(`SELECT room_id AS "roomId", work_id AS "workId" FROM scene_queue WHERE round_id = $1 AND ${where[0]}`, [round.id, where[1]]);
    if (!row) throw AppError.notFound('scene.teamNotFound', { code });
    await this.ds.transaction(async (m) => {
      const [room] = await lockRooms(m, scope, [row.roomId]);
      await m.query(
        `UPDATE scene_queue q SET checked_in_at = coalesce(q.checked_in_at, now()),
           late = q.late OR q.status <> 'waiting' OR coalesce(now() > ${SLOT}, false),
           status = CASE WHEN q.status = 'absent' THEN 'waiting' ELSE q.status END,
           position = CASE WHEN q.status = 'absent' THEN (SELECT max(position) + 1 FROM scene_queue WHERE room_id = $3) ELSE q.position END
         FROM scene_rooms r WHERE r.id = q.room_id AND q.round_id = $1 AND q.work_id = $2`,
        [round.id, row.workId, room.id],
      );
      await roomsChanged(m, [room.id], 'checkin');
    });
    this.relay.kick();
    return (await roomTeams(this.ds.manager, [row.roomId])).find((t) => t.workId === row.workId)!;
  }

  /** The caller's published on-site appearances, each with its signed check-in code. */
  async mine(req: RpcRequest): Promise<MyAppearance[]> {
    const me = callerOf(req).userId;
    const rows: (Omit<MyAppearance, 'checkInCode'> & { key: Buffer })[] = await this.ds.query(
      `SELECT q.round_id AS "roundId", rd.name AS "roundName", s.venue, q.work_id AS "workId", w.title, r.name AS "roomName", r.name_en AS "roomNameEn",
         q.number, q.position, ${SLOT} AS "slotAt", q.status, q.checked_in_at AS "checkedInAt", s.checkin_key AS key
       FROM scene_queue q JOIN round_works w ON w.round_id = q.round_id AND w.work_id = q.work_id JOIN scene_rooms r ON r.id = q.room_id
       JOIN scene_settings s ON s.round_id = q.round_id JOIN rounds rd ON rd.id = q.round_id AND rd.deleted_at IS NULL
       WHERE s.published_at IS NOT NULL AND $1 = ANY(w.member_user_ids) ORDER BY "slotAt" NULLS LAST, q.round_id DESC`,
      [me],
    );
    return rows.map(({ key, ...a }) => ({ ...a, checkInCode: checkInCode(key, a.roundId, a.workId) }));
  }
}
