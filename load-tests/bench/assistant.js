'use strict';
// Issue 30's help assistant: how often the passage that answers a question is among the three the retrieval
// returns (recall@3), over 50 questions written from the demo data and the manual (assistant-questions.json), each
// asked on its site and in its language. The platform's retrieval (services/competitions/src/assistant: ICU word
// segmentation + Han bigrams, BM25, a few synonyms) against, in the same run on the same passages, a naive ranking by
// how many of the question's characters a passage contains. Target: recall@3 ≥ 0.9.

const path = require('node:path');
const { Client } = require('pg');
const { buildIndex, sitePassages, naiveSearch } = require('@cmp/competitions');
const { exec } = require('./lib/processes');

const DATABASE = 'cmp_bench_assistant';
const TARGET = 0.9;
const QUESTIONS = require('./assistant-questions.json').questions;

module.exports = {
  name: 'assistant',
  description:
    `Help assistant retrieval: recall@3 and MRR over ${QUESTIONS.length} questions (assistant-questions.json) on the demo sites (a freshly ` +
    "seeded database), the platform's index (ICU words + Han bigrams, BM25) against a naive character-overlap ranking of the same passages.",

  async run(ctx) {
    const db = new URL(ctx.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cmp');
    db.pathname = `/${DATABASE}`;
    ctx.log(`resetting and seeding database ${DATABASE}`);
    await exec('reset', process.execPath, [path.join(ctx.root, 'infra', 'db-reset.js')], { ...ctx.env, DATABASE_URL: db.toString() });
    const client = new Client({ connectionString: db.toString() });
    await client.connect();
    try {
      await client.query('SET search_path TO competitions');
      // A bench may read the auth schema for the demo organisations' ids; services never do.
      const groups = Object.fromEntries((await client.query('SELECT code, id FROM auth.groups')).rows.map((r) => [r.code, r.id]));
      const query = { query: (sql, params) => client.query(sql, params).then((r) => r.rows) };
      const methods = {
        'platform (BM25, words + bigrams)': { hits: 0, rr: 0, ms: 0, misses: [] },
        'baseline (character overlap)': { hits: 0, rr: 0, ms: 0, misses: [] },
      };
      const cache = new Map();
      for (const q of QUESTIONS) {
        const key = `${q.site}:${q.lang}`;
        if (!cache.has(key)) {
          const passages = await sitePassages(query, groups[q.site], q.lang);
          cache.set(key, { index: await buildIndex(query, groups[q.site], q.lang), items: passages.map((p) => ({ doc: p, title: p.title, text: p.text })) });
        }
        const { index, items } = cache.get(key);
        const rank = {
          'platform (BM25, words + bigrams)': () => index.search(q.q, 10),
          'baseline (character overlap)': () => naiveSearch(items, q.q, 10),
        };
        for (const [name, m] of Object.entries(methods)) {
          const t = process.hrtime.bigint();
          const ids = rank[name]().map((r) => r.doc.id);
          m.ms += Number(process.hrtime.bigint() - t) / 1e6;
          const at = ids.indexOf(q.answer);
          if (at >= 0 && at < 3) m.hits++;
          else m.misses.push(`${q.q} → ${ids.slice(0, 3).join(', ') || 'nothing'} (wanted ${q.answer})`);
          if (at >= 0) m.rr += 1 / (at + 1);
        }
      }
      const [ours] = Object.values(methods);
      for (const miss of ours.misses) ctx.log(`miss: ${miss}`);
      const recall = ours.hits / QUESTIONS.length;
      ctx.note(`Target recall@3 ≥ ${TARGET}: ${recall >= TARGET ? 'met' : 'NOT met'} (${recall.toFixed(2)}).`);
      ctx.note(`Passages per site and language: ${[...cache].map(([k, v]) => `${k} ${v.items.length}`).join(', ')}.`);
      if (ours.misses.length) ctx.note(`Missed by the platform: ${ours.misses.join('; ')}.`);
      return Object.entries(methods).map(([method, m]) => ({
        method,
        questions: QUESTIONS.length,
        'in top 3': m.hits,
        'recall@3': (m.hits / QUESTIONS.length).toFixed(2),
        'MRR@10': (m.rr / QUESTIONS.length).toFixed(3),
        'ms per question': (m.ms / QUESTIONS.length).toFixed(2),
      }));
    } finally {
      await client.end();
    }
  },
};
