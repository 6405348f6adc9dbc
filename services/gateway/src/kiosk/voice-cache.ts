import { mkdir, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Rendered clips on local disk, bounded by their total size: the least recently used clip goes first. The index
 * (name → size, in use order) lives in this process; at start it is rebuilt from the folder, oldest file first, so a
 * restart neither forgets the bound nor the clips. Two gateways on one machine would each keep their own bound.
 */
export class VoiceCache {
  private readonly sizes = new Map<string, number>();
  private total = 0;
  private loaded?: Promise<void>;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  /** Bytes held now (never above the bound once a call returns). */
  get totalBytes(): number {
    return this.total;
  }

  /** The clip under `key`, from disk, or made by `render` (which writes it to the path it is given) and kept. */
  async get(key: string, render: (file: string) => Promise<void>): Promise<{ clip: Buffer; cached: boolean }> {
    await this.load();
    const file = this.fileOf(key);
    if (this.sizes.has(key)) {
      const clip = await readFile(file).catch(() => undefined);
      if (clip) {
        this.touch(key, clip.length);
        return { clip, cached: true };
      }
      this.forget(key); // removed behind our back (a tmp cleaner): render it again
    }
    const partial = `${file}.${process.pid}.part`;
    await render(partial);
    await rename(partial, file);
    const clip = await readFile(file);
    this.touch(key, clip.length);
    await this.evict();
    return { clip, cached: false };
  }

  private fileOf(key: string): string {
    return path.join(this.dir, `${key}.wav`);
  }

  /** Marks the clip most recently used (a Map keeps insertion order: delete and set moves it to the end). */
  private touch(key: string, size: number): void {
    this.forget(key);
    this.sizes.set(key, size);
    this.total += size;
  }

  private forget(key: string): void {
    this.total -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }

  /** Least recently used first, until the total fits (a clip bigger than the bound alone is served, not kept). */
  private async evict(): Promise<void> {
    for (const [key] of this.sizes) {
      if (this.total <= this.maxBytes) return;
      this.forget(key);
      await unlink(this.fileOf(key)).catch(() => undefined);
    }
  }

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const names = (await readdir(this.dir)).filter((n) => n.endsWith('.wav'));
      const found = await Promise.all(names.map(async (n) => ({ key: n.slice(0, -4), st: await stat(path.join(this.dir, n)).catch(() => undefined) })));
      for (const { key, st } of found.filter((f) => f.st).sort((a, b) => a.st!.mtimeMs - b.st!.mtimeMs)) this.touch(key, st!.size);
      await this.evict();
    })();
    return this.loaded;
  }
}
