import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Rendered calls are kept on local disk: the same call (room, number, language) is spoken from the file next time. */
const CACHE_DIR = path.join(tmpdir(), 'cmp-kiosk-voice');
/** espeak-ng voices: Mandarin, and English for bilingual competitions; slower than default so a hall can follow. */
const VOICES = { 'zh-CN': ['-v', 'cmn', '-s', '140'], en: ['-v', 'en-us', '-s', '150'] } as const;

const rendering = new Map<string, Promise<Buffer>>();

/**
 * The spoken call as WAV, rendered by Debian's espeak-ng (which speaks Mandarin offline) and cached; screens play it
 * after a chime. Two screens asking for the same call at once share one rendering.
 */
export function speech(lang: keyof typeof VOICES, text: string): Promise<Buffer> {
  const key = createHash('sha256').update(`${lang}\n${text}`).digest('hex').slice(0, 32);
  let pending = rendering.get(key);
  if (!pending) {
    pending = render(key, lang, text).finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}

async function render(key: string, lang: keyof typeof VOICES, text: string): Promise<Buffer> {
  const file = path.join(CACHE_DIR, `${key}.wav`);
  if (await stat(file).then(() => true, () => false)) return readFile(file);
  await mkdir(CACHE_DIR, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  // Arguments, not a shell: the text never reaches one.
  await run('espeak-ng', [...VOICES[lang], '-w', partial, text], { timeout: 15_000 });
  await rename(partial, file);
  return readFile(file);
}
