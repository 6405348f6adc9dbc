import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, NatsRpcClient, RPC, subscribeBroadcast, type RunningConsumer } from '@cmp/common';
import {
  CompetitionStatus,
  CompetitionsSubject,
  EventSubject,
  PUBLIC_CACHE_INVALIDATED,
  type CompetitionDetail,
  type CompetitionItem,
  type RequestMeta,
} from '@cmp/contracts';
import { ENROLLMENT_CONFIG, type EnrollmentConfig } from '../config';

/** What the enrollment service needs of a competition: its public detail (review settings excluded). */
export type Settings = Omit<CompetitionDetail, 'review'>;

interface Entry {
  at: number;
  value: Promise<Settings>;
  /** Known once the answer is in. */
  groupId?: number;
}

/**
 * Competition settings (sign-up window, events, quotas, fees, required fields, work submission), asked of
 * the competitions service over NATS and kept for SETTINGS_TTL_MS. Every replica also listens to the
 * competitions events (published, schedule changed) and to the public-cache broadcast the competitions
 * service sends on every change of a published competition, and drops its copy at once. A fresh copy brings the
 * event quotas in this schema up to date (event_quotas, event_slots), where sign-ups are counted.
 */
@Injectable()
export class CompetitionSettings implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CompetitionSettings');
  private readonly cache = new Map<number, Entry>();
  private subs: RunningConsumer[] = [];

  constructor(
    private readonly ds: DataSource,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    @Inject(ENROLLMENT_CONFIG) private readonly config: EnrollmentConfig,
  ) {}

  onApplicationBootstrap(): void {
    // Any change an organiser makes to what the public site shows (events, quotas, fees, settings) is
    // broadcast before the organiser's call returns: drop that organisation's competitions at once.
    this.subs.push(
      subscribeBroadcast<{ groupId?: number }>(this.rpc.connection, PUBLIC_CACHE_INVALIDATED, (e) => {
        // An unreadable message drops everything.
        const groupId = e?.groupId;
        for (const [id, entry] of this.cache) if (groupId === undefined || entry.groupId === undefined || entry.groupId === groupId) this.cache.delete(id);
      }),
    );
    // Broadcasts, not a shared durable consumer: every replica must hear them. An unreadable event is not ours
    // to judge; the TTL still bounds how stale a copy gets.
    for (const subject of [EventSubject.competitionPublished, EventSubject.scheduleChanged]) {
      this.subs.push(
        subscribeBroadcast<{ competitionId?: number }>(this.rpc.connection, subject, (e) => {
          if (e?.competitionId) this.forget(e.competitionId);
        }),
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.subs.map((s) => s.stop()));
  }

  forget(competitionId: number): void {
    this.cache.delete(competitionId);
  }

  /** A published (or archived) competition's settings; NOT_FOUND for drafts and unknown ids. */
  get(competitionId: number, meta: RequestMeta): Promise<Settings> {
    const hit = this.cache.get(competitionId);
    if (hit && Date.now() - hit.at < this.config.settingsTtlMs) return hit.value;
    // One request per competition at a time: a rush does not ask the competitions service a thousand times.
    const value = this.fetch(competitionId, meta);
    const entry: Entry = { at: Date.now(), value };
    this.cache.set(competitionId, entry);
    value.then(
      (v) => (entry.groupId = v.groupId),
      () => this.cache.get(competitionId) === entry && this.cache.delete(competitionId),
    );
    return value;
  }

  /** Settings of a competition that takes sign-ups (published, not archived). */
  async open(competitionId: number, meta: RequestMeta): Promise<Settings> {
    const s = await this.get(competitionId, meta);
    if (s.status !== CompetitionStatus.published) throw AppError.notFound('enroll.notPublished', { id: competitionId });
    return s;
  }

  item(s: Settings, itemId: number): CompetitionItem {
    const item = s.items.find((i) => i.id === itemId);
    if (!item) throw AppError.badRequest('enroll.unknownItem', { id: itemId });
    return item;
  }

  private async fetch(competitionId: number, meta: RequestMeta): Promise<Settings> {
    let s: Settings;
    try {
      s = await this.rpc.request<Settings>(CompetitionsSubject.publicDetail, { meta, payload: { id: competitionId } });
    } catch (e) {
      if (e instanceof AppError && e.key === 'competition.notFound') throw AppError.notFound('enroll.notPublished', { id: competitionId });
      throw e;
    }
    await this.ds.transaction((m) => syncQuotas(m, s));
    return s;
  }
}

/**
 * Makes event_slots hold one row per place of each event's quota: as many free rows as the quota leaves
 * after the places already taken. Only events whose quota changed are touched. A lowered quota removes free
 * places (never a taken one), and releaseSlot keeps the rows from outnumbering the quota afterwards.
 */
export async function syncQuotas(m: EntityManager, s: Pick<Settings, 'id' | 'items'>): Promise<void> {
  for (const item of s.items) {
    if (item.quota === null) {
      await m.query(`DELETE FROM event_quotas WHERE item_id = $1`, [item.id]);
      await m.query(`DELETE FROM event_slots WHERE item_id = $1 AND signup_id IS NULL`, [item.id]);
      continue;
    }
    const changed = await m.query(
      `INSERT INTO event_quotas (item_id, competition_id, quota) VALUES ($1, $2, $3)
       ON CONFLICT (item_id) DO UPDATE SET quota = EXCLUDED.quota WHERE event_quotas.quota <> EXCLUDED.quota
       RETURNING item_id`,
      [item.id, s.id, item.quota],
    );
    if (!changed.length) continue;
    const [{ taken, free, top }]: { taken: number; free: number; top: number }[] = await m.query(
      `SELECT count(*) FILTER (WHERE signup_id IS NOT NULL)::int AS taken, count(*) FILTER (WHERE signup_id IS NULL)::int AS free,
              COALESCE(max(slot_no), 0)::int AS top
       FROM event_slots WHERE item_id = $1`,
      [item.id],
    );
    const wanted = Math.max(0, item.quota - taken);
    if (free < wanted) {
      await m.query(`INSERT INTO event_slots (item_id, slot_no) SELECT $1, g FROM generate_series($2::int, $3::int) g`, [item.id, top + 1, top + wanted - free]);
    } else if (free > wanted) {
      await m.query(
        `DELETE FROM event_slots WHERE (item_id, slot_no) IN (
           SELECT item_id, slot_no FROM event_slots WHERE item_id = $1 AND signup_id IS NULL ORDER BY slot_no DESC LIMIT $2 FOR UPDATE)`,
        [item.id, free - wanted],
      );
    }
  }
}
