import { Inject, Injectable } from '@nestjs/common';
import { RPC, type NatsRpcClient } from '@cmp/common';
import { FIGURES_CHANGED } from '@cmp/contracts';

/** FIGURES_CHANGED's payload. */
export interface FiguresChanged {
  /** The competitions whose figure versions changed; null: every competition's (a rebuild). */
  competitionIds: number[] | null;
  /** model_state.applied_at as the transaction left it (ISO time), if it set it. */
  appliedAt: string | null;
}

/**
 * Tells every replica of the statistics service (figures/figure-versions.ts) which competitions' figure versions a
 * transaction changed: called after it committed. A message that does not arrive is made up for by the replicas'
 * check of the versions they keep against the database (at least every second).
 */
@Injectable()
export class FigureChanges {
  /** This process's own listeners, told before the broadcast leaves (a read on this replica right after the commit sees the change). */
  private readonly local = new Set<(change: FiguresChanged) => void>();

  constructor(@Inject(RPC) private readonly rpc: NatsRpcClient) {}

  listen(listener: (change: FiguresChanged) => void): () => void {
    this.local.add(listener);
    return () => this.local.delete(listener);
  }

  published(change: FiguresChanged): void {
    for (const listener of this.local) listener(change);
    try {
      this.rpc.connection.publish(FIGURES_CHANGED, JSON.stringify(change));
    } catch {
      // A closed connection: the replicas' own checks find the new versions.
    }
  }
}
