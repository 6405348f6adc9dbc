import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '@cmp/common';
import { announcement, ErrorCode, type RoomChangedEvent, type RoomState } from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { VoiceCache } from './voice-cache';

const run = promisify(execFile);

/** Rendered calls are kept on local disk: the same call (room, number, language) is spoken from the file next time. */
const CACHE_DIR = path.join(tmpdir(), 'cmp-kiosk-voice');
/** espeak-ng voices: Mandarin, and English for bilingual competitions; slower than default so a hall can follow. */
const VOICES = { 'zh-CN': ['-v', 'cmn', '-s', '140'], en: ['-v', 'en-us', '-s', '150'] } as const;
export type VoiceLang = keyof typeof VOICES;

/** A spoken call as WAV, and whether it came from the cache (the X-Voice-Cache header says so). */
export interface SpokenCall {
  wav: Buffer;
  cached: boolean;
}

/**
 * The spoken calls of the venue screens, rendered by Debian's espeak-ng (which speaks Mandarin offline) and kept on
 * disk up to KIOSK_VOICE_CACHE_MB, least recently used out; screens play them after a chime.
 */
@Injectable()
export class KioskVoice {
  private readonly cache: VoiceCache;
  private readonly rendering = new Map<string, Promise<SpokenCall>>();
  private readonly logger = new Logger('KioskVoice');

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.cache = new VoiceCache(CACHE_DIR, config.voiceCacheMb * 1024 * 1024);
  }

  /** The spoken call of a team to a room. A failure is logged with its cause and answered as 10503. */
  async callAudio(lang: VoiceLang, number: string, room: Pick<RoomState, 'roomId' | 'name' | 'nameEn'>): Promise<SpokenCall> {
    try {
      return await this.speech(lang, announcement(lang, number, room));
    } catch (e) {
      this.logger.warn(`spoken call ${number} (${lang}) of room ${room.roomId} failed: ${(e as Error).message}`);
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'kiosk.voiceFailed');
    }
  }

  /**
   * Renders a call's clips while its event is relayed, so the screens' requests that follow find them on disk
   * instead of each waiting for espeak-ng (a slow request is the one a gateway restart cuts off).
   */
  renderAhead(e: RoomChangedEvent): void {
    if (!e.announce) return;
    const langs: VoiceLang[] = e.state.bilingual ? ['zh-CN', 'en'] : ['zh-CN'];
    for (const lang of langs) void this.callAudio(lang, e.announce.number, e.state).catch(() => undefined); // logged there
  }

  /** Two screens asking for the same call at once share one rendering. */
  private speech(lang: VoiceLang, text: string): Promise<SpokenCall> {
    const key = createHash('sha256').update(`${lang}\n${text}`).digest('hex').slice(0, 32);
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.cache
        // Arguments, not a shell: the text never reaches one.
        .get(key, async (file) => {
          await run('espeak-ng', [...VOICES[lang], '-w', file, text], { timeout: 15_000 });
        })
        .then(({ clip, cached }) => ({ wav: clip, cached }))
        .finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }
}
