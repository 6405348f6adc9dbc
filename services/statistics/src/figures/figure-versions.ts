import { Inject, Injectable, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RPC, subscribeBroadcast, type NatsRpcClient, type RunningConsumer } from '@cmp/common';
import { FIGURES_CHANGED } from '@cmp/contracts';
import { FigureChanges, type FiguresChanged } from '../model/figure-changes';

/** A competition as the model knows it: its organisation (for scoping) and its figures' version. */
export interface KnownCompetition {
  groupId: number;
  version: string | null;
}

/** How often the versions kept are checked against the database, should a FIGURES_CHANGED broadcast have been missed. */
export const VERSIONS_CHECKED_MS = 1000;
/** Past this since the last check, a read asks the database itself (a check that is late or failing). */
const VERSIONS_TRUSTED_MS = 2 * VERSIONS_CHECKED_MS;

/**
 * Competitions' organisations and figure versions kept per replica (issue 29, reads), so that answering kept figures
 * costs no query. The model gives a competition a new version in the transaction that changes its figures or its
 * organisation, and after that transaction commits, the replica that applied it drops them from its own (before its
 * next read can start) and broadcasts FIGURES_CHANGED naming the competitions (all of them after a rebuild empties
 * the model): every other replica drops them as the message arrives, and the next read asks the database. A read that asked the database before a broadcast came keeps nothing (it answers what it read).
 * Should a broadcast be missed (a reconnect, a replica that died between its commit and its publish), each replica
 * checks what it keeps against the database every VERSIONS_CHECKED_MS and drops what differs, and while such checks
 * do not succeed it answers nothing kept past VERSIONS_TRUSTED_MS: a version is never trusted longer than that
 * without either a check or the broadcasts.
 */
@Injectable()
export class FigureVersions implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly known = new Map<number, KnownCompetition>();
  /** model_state.applied_at (ms) as last read or heard. */
  private appliedAt: number | null = null;
  /** Broadcasts heard so far: a database answer read while one came is not kept. */
  private heard = 0;
  /** When the last successful check began (what is kept was confirmed then, or dropped since). */
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  private timer?: NodeJS.Timeout;
  private sub?: RunningConsumer;
  private unlisten?: () => void;

  /** Without a NATS client (the worker) nothing is kept: every read asks the database. */
  constructor(
    private readonly ds: DataSource,
    @Optional() @Inject(RPC) private readonly rpc: NatsRpcClient | null,
    @Optional() private readonly changes?: FigureChanges,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.rpc) return;
    // This replica's own changes at once, everyone's (its own again) by broadcast.
    this.unlisten = this.changes?.listen((p) => this.changed(p));
    this.sub = subscribeBroadcast<FiguresChanged>(this.rpc.connection, FIGURES_CHANGED, (p) => this.changed(p));
    void this.check();
    this.timer = setInterval(() => void this.check(), VERSIONS_CHECKED_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.unlisten?.();
    await this.sub?.stop();
  }

  /** A FIGURES_CHANGED broadcast (a payload that cannot be read drops everything). */
  changed(p: FiguresChanged | undefined): void {
    this.heard++;
    if (Array.isArray(p?.competitionIds)) for (const id of p.competitionIds) this.known.delete(id);
    else this.known.clear();
    const at = p?.appliedAt ? Date.parse(p.appliedAt) : NaN;
    if (!Number.isNaN(at)) this.appliedAt = Math.max(this.appliedAt ?? 0, at);
  }

  /** When the model last applied facts (ISO time), as last read or heard; null before any. */
  get updatedAt(): string | null {
    return this.appliedAt === null ? null : new Date(this.appliedAt).toISOString();
  }

  /** The competitions the model knows among these (one it does not know is absent), and when it last applied facts. */
  async of(ids: number[]): Promise<{ known: Map<number, KnownCompetition>; updatedAt: string | null }> {
    const trusted = !!this.rpc && Date.now() - this.checkedAt < VERSIONS_TRUSTED_MS;
    const found = new Map<number, KnownCompetition>();
    const missing: number[] = [];
    for (const id of ids) {
      const k = trusted ? this.known.get(id) : undefined;
      if (k) found.set(id, k);
      else missing.push(id);
    }
    if (!missing.length && this.appliedAt !== null) return { known: found, updatedAt: this.updatedAt };
    const heard = this.heard;
    const { rows, state } = await this.read(missing);
    const keep = !!this.rpc && heard === this.heard;
    for (const r of rows) {
      const k = { groupId: r.groupId, version: r.version };
      found.set(r.id, k);
      if (keep) this.known.set(r.id, k);
    }
    if (state?.appliedAt) this.appliedAt = Math.max(this.appliedAt ?? 0, new Date(state.appliedAt).getTime());
    return { known: found, updatedAt: this.updatedAt };
  }

  /** These competitions' organisations and versions as the database has them, and when the model last applied facts. */
  private async read(ids: number[]): Promise<{ rows: { id: number; groupId: number; version: string | null }[]; state: { appliedAt: Date | null } | undefined }> {
    const [rows, [state]]: [{ id: number; groupId: number; version: string | null }[], { appliedAt: Date | null }[]] = await Promise.all([
      ids.length
        ? this.ds.query(
            `SELECT c.id, c.group_id AS "groupId", v.version FROM competitions c LEFT JOIN figure_versions v ON v.competition_id = c.id WHERE c.id = ANY($1::int[])`,
            [ids],
          )
        : Promise.resolve([]),
      this.ds.query(`SELECT applied_at AS "appliedAt" FROM model_state WHERE id = 1`),
    ]);
    return { rows, state };
  }

  /** Checks what is kept against the database: a version or organisation that differs is dropped. */
  check(): Promise<void> {
    this.checking ??= (async () => {
      const started = Date.now();
      try {
        const ids = [...this.known.keys()];
        const { rows, state } = await this.read(ids);
        const now = new Map(rows.map((r) => [r.id, r]));
        // Only what was kept when the check began: anything kept since was read after it began.
        for (const id of ids) {
          const k = this.known.get(id);
          const r = now.get(id);
          if (k && (!r || r.groupId !== k.groupId || r.version !== k.version)) this.known.delete(id);
        }
        if (state?.appliedAt) this.appliedAt = Math.max(this.appliedAt ?? 0, new Date(state.appliedAt).getTime());
        this.checkedAt = started;
      } catch {
        // Not confirmed: past VERSIONS_TRUSTED_MS reads ask the database themselves.
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }
}
