import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Logger } from '@nestjs/common';
import { AppError } from '@cmp/common';
import { announcement, ErrorCode, type RoomChangedEvent, type RoomState } from '@cmp/contracts';

const run = promisify(execFile);

/** Rendered calls are kept on local disk: the same call (room, number, language) is spoken from the file next time. */
const CACHE_DIR = path.join(tmpdir(), 'cmp-kiosk-voice');
/** espeak-ng voices: Mandarin, and English for bilingual competitions; slower than default so a hall can follow. */
const VOICES = { 'zh-CN': ['-v', 'cmn', '-s', '140'], en: ['-v', 'en-us', '-s', '150'] } as const;

const rendering = new Map<string, Promise<Buffer>>();
const logger = new Logger('KioskVoice');

/** The spoken call of a team to a room, as WAV. A failure is logged with its cause and answered as 10503. */
export async function callAudio(lang: keyof typeof VOICES, number: string, room: Pick<RoomState, 'roomId' | 'name' | 'nameEn'>): Promise<Buffer> {
  try {
    return await speech(lang, announcement(lang, number, room));
  } catch (e) {
    logger.warn(`spoken call ${number} (${lang}) of room ${room.roomId} failed: ${(e as Error).message}`);
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'kiosk.voiceFailed');
  }
}

/**
 * Renders a call's clips while its event is relayed, so the screens' requests that follow find them on disk
 * instead of each waiting for espeak-ng (a slow request is the one a gateway restart cuts off).
 */
export function renderAhead(e: RoomChangedEvent): void {
  if (!e.announce) return;
  const langs: (keyof typeof VOICES)[] = e.state.bilingual ? ['zh-CN', 'en'] : ['zh-CN'];
  for (const lang of langs) void callAudio(lang, e.announce.number, e.state).catch(() => undefined); // logged there
}

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
