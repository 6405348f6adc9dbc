import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppError, callerOf, inScope, OutboxRelay, returnedRows, Scopes, writeEvent } from '@cmp/common';
import { EventSubject, type KioskBindRequest, type KioskDevice, type KioskIdentity, type RoomState, type RpcRequest } from '@cmp/contracts';
import { RoundService } from '../round/round.service';
import { roomStates } from './scene.sql';

const hashOf = (token: string) => createHash('sha256').update(token).digest();

const DEVICE_COLUMNS = `id, name, round_id AS "roundId", room_ids AS "roomIds", layout, created_at AS "createdAt", last_seen_at AS "lastSeenAt", revoked_at AS "revokedAt"`;

/**
 * Venue screens: a kiosk is bound to rooms of one round and holds a device token (only its hash is kept) that reads
 * those rooms and nothing else; no personal account is logged in on a public screen. Revoking it ends its access
 * at once (review.kiosk.revoked drops its live connections).
 */
@Injectable()
export class KioskService {
  constructor(
    private readonly ds: DataSource,
    private readonly rounds: RoundService,
    private readonly scopes: Scopes,
    private readonly relay: OutboxRelay,
  ) {}

  /** Binds a paired kiosk (the gateway checked its code) and answers its token, the only time it is seen. */
  async bind(req: RpcRequest<Omit<KioskBindRequest, 'code'>>): Promise<{ device: KioskDevice; token: string }> {
    const p = req.payload;
    const round = await this.rounds.scoped(req, p.roundId);
    if (round.type !== 'onsite') throw AppError.badRequest('scene.notOnsite');
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM scene_rooms WHERE round_id = $1 AND id = ANY($2::int[])`, [round.id, p.roomIds]);
    if (n !== new Set(p.roomIds).size) throw AppError.badRequest('kiosk.roomsNotInRound');
    const token = randomBytes(32).toString('base64url');
    const [device] = await this.ds.query(
      `INSERT INTO kiosk_devices (group_id, round_id, room_ids, name, layout, token_hash, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${DEVICE_COLUMNS}`,
      [round.groupId, round.id, [...new Set(p.roomIds)], p.name.trim(), p.layout, hashOf(token), callerOf(req).userId],
    );
    return { device, token };
  }

  async list(req: RpcRequest<{ roundId: number }>): Promise<KioskDevice[]> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    return this.ds.query(`SELECT ${DEVICE_COLUMNS} FROM kiosk_devices WHERE round_id = $1 ORDER BY revoked_at NULLS FIRST, id DESC`, [round.id]);
  }

  async revoke(req: RpcRequest<{ id: number }>): Promise<KioskDevice> {
    const scope = await this.scopes.of(req);
    const device = await this.ds.transaction(async (m) => {
      const [d] = await returnedRows<KioskDevice & { groupId: number }>(
        m,
        `UPDATE kiosk_devices SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING ${DEVICE_COLUMNS}, group_id AS "groupId"`,
        [req.payload.id],
      );
      if (!d || !inScope(scope, d.groupId)) throw AppError.notFound('kiosk.notFound', { id: req.payload.id });
      await writeEvent(m, EventSubject.kioskRevoked, { deviceId: d.id });
      const { groupId: _, ...rest } = d;
      return rest;
    });
    this.relay.kick();
    return device;
  }

  /** The device a token belongs to; an unknown or revoked token is refused. */
  async auth(req: RpcRequest<{ token: string }>): Promise<KioskIdentity> {
    const [d]: KioskIdentity[] = await this.ds.query(
      `SELECT id AS "deviceId", name, round_id AS "roundId", room_ids AS "roomIds", layout FROM kiosk_devices WHERE token_hash = $1 AND revoked_at IS NULL`,
      [hashOf(req.payload.token ?? '')],
    );
    if (!d) throw AppError.noAccess('kiosk.denied');
    // Last seen, at most once a minute: a venue's screens reconnecting together do not queue on the device's row.
    void this.ds
      .query(`UPDATE kiosk_devices SET last_seen_at = now() WHERE id = $1 AND (last_seen_at IS NULL OR last_seen_at < now() - interval '1 minute')`, [d.deviceId])
      .catch(() => undefined);
    return d;
  }

  /** The states of the token's rooms (a screen's snapshot after a gap, a reconnect or a wake-up). */
  async rooms(req: RpcRequest<{ token: string }>): Promise<{ device: KioskIdentity; rooms: RoomState[] }> {
    const device = await this.auth(req);
    return { device, rooms: await roomStates(this.ds.manager, device.roomIds) };
  }
}
