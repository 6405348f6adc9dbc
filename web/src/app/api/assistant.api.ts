import type { AssistantAnswer, AssistantEvent } from '@cmp/contracts';
import { API_BASE } from '@/app/config/constants';
import { baseHeaders, http, HttpError } from '@/app/http/client';
import type { SiteRef } from './site.api';

/** The help assistant (/deepChat): a whole answer, or the answer streamed as server-sent events. */
export const assistantApi = {
  ask: (question: string, site: SiteRef) => http.post<AssistantAnswer>('/assistant/ask', { question, ...site }),

  /**
   * Streams the answer: `onEvent` gets passages first, then the answer's pieces, then done. Bad input (the envelope
   * instead of a stream) rejects with its message, as other calls do.
   */
  async stream(question: string, site: SiteRef, onEvent: (e: AssistantEvent) => void, signal?: AbortSignal): Promise<void> {
    const headers = baseHeaders();
    headers.set('Content-Type', 'application/json');
    headers.set('Accept', 'text/event-stream');
    const res = await fetch(`${API_BASE}/assistant/ask/stream`, { method: 'POST', headers, body: JSON.stringify({ question, ...site }), signal });
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
      const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
      throw new HttpError(body?.msg ?? res.statusText, body?.code ?? res.status, false);
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) onEvent({ event, data: JSON.parse(data) } as AssistantEvent);
      }
    }
  },
};
