'use strict';
// A local stand-in for an OpenAI-compatible chat endpoint (DeepSeek, Qwen, OpenAI): POST /v1/chat/completions (or
// /chat/completions), streamed as server-sent events (`data: {choices:[{delta:{content}}]}` lines, then
// `data: [DONE]`) or answered whole. It writes no prose of its own: it quotes, from the numbered passages in the
// prompt, the sentence sharing the most words with the question, cited [n], so a demo or a test sees an answer
// built from the passages as a model's would be. A question containing "#llm-down" gets a 503 (the platform's
// fallback to passages can be seen and tested).

const http = require('node:http');

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const STOP = new Set('的 了 是 吗 呢 什么 怎么 如何 多少 哪 几 我 请问 the a an is are what when how do does i my of to for in'.split(' '));

const words = (text) =>
  new Set([...segmenter.segment(text.toLowerCase())].filter((s) => s.isWordLike && !STOP.has(s.segment)).map((s) => s.segment));

/** The passages ([n] title, then text) and the question of the prompt's user message. */
function parsePrompt(content) {
  const [body, question = ''] = content.split(/\n\nQuestion: /);
  const passages = [];
  for (const m of body.matchAll(/\[(\d+)\] ([^\n]*)\n([^]*?)(?=\n\n\[\d+\] |$)/g)) passages.push({ n: Number(m[1]), title: m[2], text: m[3].trim() });
  return { passages, question: question.trim() };
}

/**
 * The sentence of the first passage (the retrieval's best) sharing most words with the question, with [1]; a later
 * passage only when no sentence of the first shares any.
 */
function answerOf(content, english) {
  const { passages, question } = parsePrompt(content);
  if (!passages.length) return english ? "I don't know: no passage answers this." : '抱歉，我不知道：没有相关的原文。';
  const q = words(question);
  let best = { score: -1, sentence: '', n: 1 };
  for (const p of passages) {
    for (const sentence of p.text.split(/(?<=[。；！？.;!?])\s*/).filter(Boolean)) {
      const w = words(sentence);
      let score = 0;
      for (const t of q) if (w.has(t)) score += [...t].length;
      if (score > best.score) best = { score, sentence, n: p.n };
    }
    if (best.score > 0) break;
  }
  return english ? `According to "${passages[best.n - 1].title}": ${best.sentence} [${best.n}]` : `根据“${passages[best.n - 1].title}”：${best.sentence} [${best.n}]`;
}

function createLlmSandbox({ log = () => undefined, chunkDelayMs = 15 } = {}) {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/health') return void res.end('ok');
    if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: 'not found' } }));
    }
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: 'invalid JSON' } }));
      }
      const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
      const user = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '';
      log(`chat ${body.stream ? 'stream' : 'whole'}: ${user.slice(-80).replace(/\n/g, ' ')}`);
      if (user.includes('#llm-down')) {
        res.writeHead(503, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: 'the stand-in is down for this question (#llm-down)' } }));
      }
      const answer = answerOf(user, /Answer in English/.test(system));
      const id = `chatcmpl-sandbox-${Date.now()}`;
      const created = Math.floor(Date.now() / 1000);
      const model = body.model ?? 'sandbox';
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(
          JSON.stringify({ id, object: 'chat.completion', created, model, choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }] }),
        );
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const chunk = (delta, finish = null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }));
      const chars = [...answer];
      for (let i = 0; i < chars.length && !res.destroyed; i += 4) {
        res.write(chunk({ content: chars.slice(i, i + 4).join('') }));
        await new Promise((r) => setTimeout(r, chunkDelayMs));
      }
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  return {
    listen: (port, host = '127.0.0.1') => new Promise((resolve) => server.listen(port, host, () => resolve(server.address().port))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

module.exports = { createLlmSandbox, answerOf, parsePrompt };
