/**
 * Figures kept in memory for the version of the model they were computed from (issue 29, reads): `get` answers what is
 * kept under a key while the version asked for is the one it was computed for, and computes (once, however many ask
 * at the same time) otherwise. The caller reads the version in the database before asking, and the model gives a
 * competition a new version in the transaction that changes its figures, so figures kept for a version were computed
 * from that state or a newer one: never older than what the caller saw. Each process keeps its own (replicas read the
 * same versions); the least recently used key goes first beyond `most`.
 */
export class KeptFigures<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T> }>();

  constructor(private readonly most: number) {}

  /** Whether figures for this key and version are kept (or being computed). */
  peek(key: string, version: string): boolean {
    return this.entries.get(key)?.version === version;
  }

  /** `compute` answers the figures and whether they may be kept (figures missing part of their names may not). */
  get(key: string, version: string, compute: () => Promise<{ value: T; keep: boolean }>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry?.version === version) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const value = compute().then(
      (r) => {
        if (!r.keep && this.entries.get(key)?.value === value) this.entries.delete(key);
        return r.value;
      },
      (e: unknown) => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
        throw e;
      },
    );
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.most) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
