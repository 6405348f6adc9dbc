/**
 * Chinese-aware retrieval for the help assistant: tokens from ICU's word segmenter (Intl.Segmenter, Node's full ICU
 * has a Chinese dictionary), plus character bigrams of every Han run (catching terms the dictionary splits
 * differently in the question and the passage), ranked by BM25 with the title counted twice. No PostgreSQL
 * extension is needed (Debian packages neither zhparser nor pg_jieba), and a site's passages are a few hundred, so the
 * index lives in the service's memory (docs/decisions.md, "Help assistant").
 */

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Words that say nothing about which passage answers (question words, particles, pronouns). */
const STOP = new Set(
  (
    '的 了 是 吗 呢 吧 啊 呀 么 和 与 及 或 在 有 我 我们 你 您 他 她 它 这 那 这个 那个 哪 哪个 哪些 什么 怎么 怎样 如何 为什么 多少 几 ' +
    '什么时候 多长 请问 请 想 要 能 能否 可以 可 会 吗 一下 一个 是否 还 就 都 也 又 对 给 把 被 让 从 到 为 以 之 其 ' +
    'a an the is are was were be been do does did can could should would will shall may might must i me my we our you your ' +
    'it its this that these those what which who whom how when where why of to in on at for by with from about as and or ' +
    'if there any some please tell know'
  ).split(/\s+/),
);

/** Query words and what a passage may say instead (each direction a user is likely to ask in). */
const SYNONYMS: Record<string, string[]> = {
  截止: ['结束'],
  截至: ['结束'],
  deadline: ['end', 'ends', 'close'],
  费用: ['报名费'],
  收费: ['报名费'],
  交钱: ['缴费', '报名费'],
  多少钱: ['报名费'],
  cost: ['fee'],
  price: ['fee'],
  pay: ['fee', 'payment'],
  格式: ['文件类型'],
  文件: ['文件类型'],
  format: ['file', 'type'],
  几个人: ['团队人数', '人数'],
  人数: ['团队'],
  队员: ['团队', '成员'],
  组队: ['团队', '参赛方式'],
  members: ['team', 'size'],
  people: ['team', 'size'],
  时间: ['日期'],
  什么时候: ['时间'],
  when: ['time', 'date', 'window'],
  老师: ['指导老师'],
  teacher: ['adviser', 'advisers'],
  上传: ['提交'],
  upload: ['submit', 'submission'],
};

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** A light English stemmer: plural and common endings, so "fees" finds "fee" and "teams" finds "team". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The tokens of a text: segmenter words (stop words out, English stemmed) and `~`-prefixed Han bigrams. */
export function tokenize(text: string): string[] {
  const norm = normalise(text);
  const out: string[] = [];
  for (const s of segmenter.segment(norm)) {
    if (!s.isWordLike) continue;
    const w = s.segment;
    if (STOP.has(w)) continue;
    out.push(HAN.test(w) ? w : stem(w));
  }
  for (const run of norm.match(HAN_RUN) ?? []) {
    for (let i = 0; i + 1 < run.length; i++) out.push(`~${run.slice(i, i + 2)}`);
  }
  return out;
}

/** A question's tokens with their synonyms (each counted once: the question asks, it does not weigh). */
export function queryTokens(question: string): string[] {
  const base = tokenize(question);
  const words = new Set(base);
  for (const w of base) for (const alt of SYNONYMS[w] ?? []) for (const t of tokenize(alt)) words.add(t);
  // Multi-character phrases the segmenter may keep whole in the question ("多少钱"): look them up in the raw text too.
  const norm = normalise(question);
  for (const [k, alts] of Object.entries(SYNONYMS)) if (HAN.test(k) && norm.includes(k)) for (const a of alts) for (const t of tokenize(a)) words.add(t);
  return [...words];
}

export interface IndexedDoc<T> {
  doc: T;
  title: string;
  text: string;
}

/** BM25 (k1 1.2, b 0.75) over title (twice) and text. */
export class TextIndex<T> {
  private readonly docs: { doc: T; tf: Map<string, number>; len: number }[] = [];
  private readonly df = new Map<string, number>();
  private avgLen = 0;

  constructor(items: IndexedDoc<T>[]) {
    for (const { doc, title, text } of items) {
      const tokens = [...tokenize(title), ...tokenize(title), ...tokenize(text)];
      const tf = new Map<string, number>();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      this.docs.push({ doc, tf, len: tokens.length });
    }
    this.avgLen = this.docs.reduce((n, d) => n + d.len, 0) / Math.max(1, this.docs.length);
  }

  get size(): number {
    return this.docs.length;
  }

  /** The best `limit` documents for a question, best first, with their scores; none when no token matches. */
  search(question: string, limit: number): { doc: T; score: number }[] {
    const terms = queryTokens(question);
    const n = this.docs.length;
    const k1 = 1.2;
    const b = 0.75;
    const scored: { doc: T; score: number }[] = [];
    for (const d of this.docs) {
      let score = 0;
      for (const t of terms) {
        const f = d.tf.get(t);
        if (!f) continue;
        const df = this.df.get(t)!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.len) / this.avgLen));
      }
      if (score > 0) scored.push({ doc: d.doc, score });
    }
    return scored.sort((x, y) => y.score - x.score).slice(0, limit);
  }
}

/**
 * The bench's baseline: rank by how many of the question's distinct characters (Han characters and Latin words) a
 * passage contains, as a naive substring search would. Kept here so the bench measures both on the same passages.
 */
export function naiveSearch<T>(items: IndexedDoc<T>[], question: string, limit: number): { doc: T; score: number }[] {
  const norm = normalise(question);
  const units = new Set([...(norm.match(HAN_RUN)?.join('') ?? '')].concat(norm.match(/[a-z0-9]+/g) ?? []));
  return items
    .map((it) => {
      const hay = normalise(`${it.title} ${it.text}`);
      let score = 0;
      for (const u of units) if (hay.includes(u)) score++;
      return { doc: it.doc, score };
    })
    .filter((s) => s.score > 0)
    .sort((x, y) => y.score - x.score)
    .slice(0, limit);
}
