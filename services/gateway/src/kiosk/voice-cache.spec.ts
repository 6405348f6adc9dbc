import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VoiceCache } from './voice-cache';

/** The spoken-call cache through its public API, on a real folder, with clips of a known size instead of espeak-ng. */
describe('VoiceCache', () => {
  const CLIP = 180 * 1024; // about one spoken call
  let dir: string;
  let renders: string[];
  const render = (key: string) => async (file: string) => {
    renders.push(key);
    await writeFile(file, Buffer.alloc(CLIP, key));
  };
  const onDisk = async () => {
    const names = (await readdir(dir)).filter((n) => n.endsWith('.wav'));
    const sizes = await Promise.all(names.map(async (n) => (await stat(path.join(dir, n))).size));
    return { names, bytes: sizes.reduce((a, b) => a + b, 0) };
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voice-cache-'));
    renders = [];
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps its total under the bound, least recently used out: the oldest is rendered again, the newest is served from disk', async () => {
    const cap = 5 * CLIP + CLIP / 2; // room for five calls
    const cache = new VoiceCache(dir, cap);
    const keys = Array.from({ length: 12 }, (_, i) => `call${i}`);
    for (const k of keys) {
      expect((await cache.get(k, render(k))).cached).toBe(false);
      expect(cache.totalBytes).toBeLessThanOrEqual(cap);
      expect((await onDisk()).bytes).toBeLessThanOrEqual(cap);
    }
    expect((await onDisk()).names.sort()).toEqual(keys.slice(-5).map((k) => `${k}.wav`).sort());

    const newest = await cache.get('call11', render('call11'));
    expect(newest.cached).toBe(true);
    expect(newest.clip.length).toBe(CLIP);
    renders = [];
    expect((await cache.get('call0', render('call0'))).cached).toBe(false);
    expect(renders).toEqual(['call0']);
  });

  it('counts a clip it serves as used: the one asked for again outlives those made after it', async () => {
    const cache = new VoiceCache(dir, 3 * CLIP);
    for (const k of ['a', 'b', 'c']) await cache.get(k, render(k));
    expect((await cache.get('a', render('a'))).cached).toBe(true);
    await cache.get('d', render('d'));
    expect((await cache.get('a', render('a'))).cached).toBe(true);
    expect((await onDisk()).names.sort()).toEqual(['a.wav', 'c.wav', 'd.wav']);
  });

  it('holds to the bound over a restart, oldest file out first', async () => {
    const before = new VoiceCache(dir, 10 * CLIP);
    for (const [i, k] of ['old', 'mid', 'new'].entries()) {
      await before.get(k, render(k));
      await utimes(path.join(dir, `${k}.wav`), 1_700_000_000 + i, 1_700_000_000 + i);
    }
    const after = new VoiceCache(dir, 2 * CLIP);
    expect((await after.get('new', render('new'))).cached).toBe(true);
    expect(after.totalBytes).toBeLessThanOrEqual(2 * CLIP);
    expect((await onDisk()).names.sort()).toEqual(['mid.wav', 'new.wav']);
  });
});
