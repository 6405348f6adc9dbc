import OpenAI from 'openai';
import type { Lang, ScoredPassage } from '@cmp/contracts';

export interface LlmConfig {
  url: string;
  key: string;
  model: string;
  timeoutMs: number;
}

/** The instructions: the passages are the only source, cited by number; otherwise say so. */
export function promptOf(question: string, passages: ScoredPassage[], lang: Lang) {
  const system =
    'You are the help assistant of a university competition platform. Answer the participant\'s question using ONLY the ' +
    'numbered passages given. Cite every fact with its passage number in square brackets, like [1] or [2]. If the ' +
    "passages do not contain the answer, say that you don't know and suggest the competition page or the manual. Never " +
    "invent dates, fees or rules, and never reveal another person's data. Be brief. " +
    (lang === 'en' ? 'Answer in English.' : 'Answer in Simplified Chinese.');
  const numbered = passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}`).join('\n\n');
  return [
    { role: 'system' as const, content: system },
    { role: 'user' as const, content: `Passages:\n\n${numbered}\n\nQuestion: ${question}` },
  ];
}

/**
 * An OpenAI-compatible chat endpoint (DeepSeek, Qwen, a local stand-in), through the official SDK: POST
 * {url}/chat/completions with stream: true. Yields the answer's pieces as they come.
 */
export class ChatModel {
  private readonly client: OpenAI;

  constructor(private readonly config: LlmConfig) {
    // No retries: a failed answer falls back to the passages at once rather than keeping the reader waiting.
    this.client = new OpenAI({ baseURL: config.url, apiKey: config.key || 'none', timeout: config.timeoutMs, maxRetries: 0 });
  }

  async *answer(question: string, passages: ScoredPassage[], lang: Lang, signal?: AbortSignal): AsyncGenerator<string> {
    const stream = await this.client.chat.completions.create(
      { model: this.config.model, stream: true, temperature: 0.2, messages: promptOf(question, passages, lang) },
      { signal },
    );
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) yield text;
    }
  }
}
