import { DataSource, type EntityManager } from 'typeorm';
import type { FigureChanges } from './figure-changes';

/**
 * Facts applied in one transaction at most: a model applies a batch in a few set-based statements, so larger batches
 * absorb a backlog (a rebuild's, a sign-up rush's) many times faster than JetStream's usual pull of 64.
 */
export const FACTS_PER_BATCH = 1000;

/**
 * Batches a consumer handles at once: facts apply in any order (the newest version wins), and with two the service
 * parses and acknowledges one batch while the database applies the other (their transactions take turns: lockClass).
 */
export const BATCHES_IN_FLIGHT = 2;

/** Partitions for models whose facts keep their competition (FactModel.partitions): PostgreSQL applies them on two cores. */
export const COMPETITION_PARTITIONS = 2;

/** What every owning service's fact carries (statistics.ts). */
export interface Fact {
  id: number;
  version: number;
  epoch: string;
  /** The competition whose figures it is part of (absent on a fact saying its entity is gone). */
  competitionId?: number | null;
}

export interface FactChange<F> {
  before?: F;
  after: F;
}

/**
 * Applies an owning service's facts to the read model: a fact newer than the one kept replaces it and moves the counts
 * by the difference, in one transaction; an older or repeated fact changes nothing, so events delivered twice, out of
 * order, or beside a rebuild's snapshot leave the same figures. Facts of another database than the one the model was
 * built from (or any, before it is built) are not applied: its rebuild reads what they describe.
 */
export abstract class FactModel<F extends Fact> {
  constructor(
    protected readonly ds: DataSource,
    private readonly changes: FigureChanges,
  ) {}

  /** model_state's column naming the owning database the model was built from. */
  protected abstract readonly epochColumn: 'signup_epoch' | 'order_epoch' | 'assignment_epoch' | 'round_work_epoch' | 'round_score_epoch';
  /**
   * The advisory lock class its appliers take turns on (replicas, batches in flight, a rebuild), once per transaction
   * and partition: a lock per id cost more than the apply, and batches of the same competitions share count rows anyway.
   */
  protected abstract readonly lockClass: number;
  /**
   * Transactions a batch is applied in at once, by competition: only for facts that always name their competition and
   * never change it (sign-ups, orders), so an entity's facts always take the same turns and two partitions never
   * touch the same rows (counts, versions and competitions are per competition).
   */
  protected readonly partitions: number = 1;
  protected abstract isFact(f: F | null | undefined): f is F;
  /** The facts kept for these ids, in the fact's shape. */
  protected abstract stored(m: EntityManager, ids: number[]): Promise<F[]>;
  /** Keeps the new facts and moves the counts. */
  protected abstract write(m: EntityManager, changes: FactChange<F>[]): Promise<void>;

  async apply(facts: (F | null | undefined)[]): Promise<number> {
    const parts = new Map<number, Map<number, F>>();
    for (const f of facts) {
      if (!this.isFact(f)) continue;
      const part = this.partitions > 1 ? f.competitionId! % this.partitions : 0;
      const latest = parts.get(part) ?? parts.set(part, new Map()).get(part)!;
      if ((latest.get(f.id)?.version ?? -Infinity) < f.version) latest.set(f.id, f);
    }
    const applied = await Promise.all([...parts].map(([part, latest]) => this.applyPart(part, latest)));
    return applied.reduce((n, k) => n + k, 0);
  }

  private async applyPart(part: number, latest: Map<number, F>): Promise<number> {
    const applied = await this.ds.transaction(async (m) => {
      // Its own statement: what the next ones read is taken after the lock, with the last applier's writes.
      await m.query(`SELECT pg_advisory_xact_lock($1, $2)`, [this.lockClass, part]);
      const [{ epoch }]: { epoch: string | null }[] = await m.query(`SELECT ${this.epochColumn} AS epoch FROM model_state WHERE id = 1`);
      for (const [id, f] of latest) if (f.epoch !== epoch) latest.delete(id);
      if (!latest.size) return null;
      const ids = [...latest.keys()].sort((a, b) => a - b);
      const before = new Map((await this.stored(m, ids)).map((s) => [s.id, s]));
      const changes = ids.map((id) => ({ before: before.get(id), after: latest.get(id)! })).filter((c) => !c.before || c.before.version < c.after.version);
      if (!changes.length) return null;
      await this.write(m, changes);
      const { competitionIds, appliedAt } = await markApplied(m, changes.flatMap((c) => [c.before?.competitionId, c.after.competitionId]));
      return { count: changes.length, competitionIds, appliedAt };
    });
    if (!applied) return 0;
    // Committed: the replicas drop the versions they keep for these competitions.
    this.changes.published({ competitionIds: applied.competitionIds, appliedAt: applied.appliedAt });
    return applied.count;
  }
}

/**
 * Gives these competitions' figures a new version (figure_versions) and the model its time of change, in the
 * transaction that changed them (one statement): the figures kept for an older version are not answered again.
 * Returns the competitions' ids (FIGURES_CHANGED names them once the transaction committed). After every other write
 * of the transaction, in id order, so that transactions touching the same competitions take their row locks in one order.
 */
async function markApplied(m: EntityManager, competitionIds: (number | null | undefined)[]): Promise<{ competitionIds: number[]; appliedAt: string }> {
  const ids = [...new Set(competitionIds.filter((id): id is number => Number.isInteger(id)))].sort((a, b) => a - b);
  // Through a CTE: TypeORM answers a bare UPDATE ... RETURNING with [rows, count].
  const [{ appliedAt }]: { appliedAt: Date }[] = await m.query(
    `WITH touched AS (
       INSERT INTO figure_versions (competition_id, version) SELECT x, nextval('figure_version') FROM unnest($1::int[]) x ORDER BY x
       ON CONFLICT (competition_id) DO UPDATE SET version = EXCLUDED.version
     ), state AS (UPDATE model_state SET applied_at = now() WHERE id = 1 RETURNING applied_at)
     SELECT applied_at AS "appliedAt" FROM state`,
    [ids],
  );
  return { competitionIds: ids, appliedAt: new Date(appliedAt).toISOString() };
}

/** A stored timestamp as the fact carries it. */
export const isoTime = (t: string | Date | null): string | null => (t ? new Date(t).toISOString() : null);
