import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoomState } from '@cmp/contracts';
import { fetchVoice } from './api';

const SOUND_KEY = 'kiosk.sound';
/** A clip that failed (the gateway restarting, the proxy in front cutting the request) is asked again once, after this. */
const RETRY_MS = 2000;

export interface Voice {
  /** Sound plays (the screen was tapped once, now or before, and the browser let it start). */
  on: boolean;
  /** A tap is needed: browsers block sound until someone touches the page. */
  needsTap: boolean;
  enable: () => void;
  /** Chime, then the call, twice; in Chinese, and in English when the competition is bilingual. */
  announce: (room: RoomState, number: string) => void;
}

/** One spoken clip, asked again once when the first try fails; the second failure is the caller's to handle. */
async function clip(token: string, room: RoomState, number: string, lang: 'zh-CN' | 'en'): Promise<ArrayBuffer> {
  try {
    return await fetchVoice(token, room.roomId, number, lang);
  } catch (e) {
    console.warn(`${number} (${lang}): ${(e as Error).message}; trying once more`);
    await new Promise((r) => setTimeout(r, RETRY_MS));
    return fetchVoice(token, room.roomId, number, lang);
  }
}

/** A two-note chime made in the page, so it works with no file and no network. */
function chime(ctx: AudioContext): Promise<void> {
  const start = ctx.currentTime + 0.05;
  [880, 660].forEach((hz, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, start + i * 0.45);
    gain.gain.exponentialRampToValueAtTime(0.4, start + i * 0.45 + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.45 + 0.42);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + i * 0.45);
    osc.stop(start + i * 0.45 + 0.45);
  });
  return new Promise((r) => setTimeout(r, 1000));
}

function play(ctx: AudioContext, buffer: AudioBuffer): Promise<void> {
  return new Promise((resolve) => {
    const src = ctx.createBufferSource();
    src.buffer = buffer;
    src.connect(ctx.destination);
    src.onended = () => resolve();
    src.start();
  });
}

/**
 * Spoken calls from audio the server renders (espeak-ng speaks Mandarin offline; Linux browsers have no Chinese
 * voice), played through Web Audio after one tap that the screen remembers. Calls queue up and play one after another;
 * when sound fails the call still shows, with the muted sign.
 */
export function useVoice(token: string): Voice {
  const ctx = useRef<AudioContext | null>(null);
  const [on, setOn] = useState(false);
  const [remembered, setRemembered] = useState(() => localStorage.getItem(SOUND_KEY) === '1');
  const queue = useRef(Promise.resolve());

  const start = useCallback(() => {
    ctx.current ??= new AudioContext();
    void ctx.current.resume().then(() => setOn(ctx.current?.state === 'running'));
    setOn(ctx.current.state === 'running');
  }, []);

  // Remembered from an earlier visit: try at once (a kiosk browser may allow autoplay); else the tap button stays.
  useEffect(() => {
    if (remembered) start();
  }, [remembered, start]);

  const enable = useCallback(() => {
    localStorage.setItem(SOUND_KEY, '1');
    setRemembered(true);
    start();
  }, [start]);

  const announce = useCallback(
    (room: RoomState, number: string) => {
      const langs: ('zh-CN' | 'en')[] = room.bilingual ? ['zh-CN', 'en'] : ['zh-CN'];
      const clips = Promise.all(
        langs.map((l) => clip(token, room, number, l).then((data) => ctx.current?.decodeAudioData(data) ?? null)),
      );
      // Fetched at once but awaited in turn: a failure before its turn (the server restarting) is handled there.
      clips.catch(() => undefined);
      queue.current = queue.current.then(async () => {
        const audio = ctx.current;
        if (!audio || audio.state !== 'running') return;
        try {
          const buffers = await clips;
          for (let i = 0; i < 2; i++) {
            await chime(audio);
            for (const b of buffers) if (b) await play(audio, b);
          }
        } catch {
          setOn(false);
        }
      });
    },
    [token],
  );

  return { on, needsTap: !on, enable, announce };
}
