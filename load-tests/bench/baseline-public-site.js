#!/usr/bin/env node
// Baseline for the public-site bench: the same four reads answered by one bare Fastify process that
// runs the competitions service's own queries on PostgreSQL for every request (no cache, no Nest,
// no NATS). Started as a child by public-site.js. Env: PORT, DATABASE_URL.
'use strict';

const Fastify = require('fastify');
const { Pool } = require('pg');
// The competitions service's read code (its package's entry, built by npm run build), over a plain pg pool.
const { NewsService, PublicCompetitionService, SETTING_SQL } = require('@cmp/competitions');

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c search_path=competitions' });
const db = { query: (text, values) => pool.query(text, values).then((r) => r.rows) };
// The organisation always comes as ?groupId= in this scenario, so the service never asks auth over NATS.
const site = new PublicCompetitionService(db, null);
const news = new NewsService(db, null);
const app = Fastify({ logger: false });
const ok = (data) => ({ code: 0, msg: '操作成功', data });
const req = (payload) => ({ meta: { requestId: '', ip: '', lang: 'zh-CN' }, payload });

app.get('/prod-api/health', async () => ok(await db.query('SELECT 1')));

app.get('/prod-api/web/competitionWebsite/getWebsiteSetting', async (r) => {
  const groupId = Number(r.query.groupId);
  const [[row], [group]] = await Promise.all([
    db.query(SETTING_SQL, [groupId]),
    db.query('SELECT name FROM auth.groups WHERE id = $1', [groupId]),
  ]);
  return ok({ ...row, groupName: group.name });
});
app.get('/prod-api/home/competition/competition/lastRound', async (r) => ok(await site.lastRound(req({ groupId: Number(r.query.groupId) }))));
app.get('/prod-api/home/competition/page', async (r) =>
  ok(await site.page(req({ groupId: Number(r.query.groupId), pageNum: Number(r.query.pageNum), pageSize: Number(r.query.pageSize) }))),
);
app.get('/prod-api/home/competition/news/page', async (r) =>
  ok(
    await news.publicPage(
      req({ groupId: Number(r.query.groupId), category: Number(r.query.category), pageNum: Number(r.query.pageNum), pageSize: Number(r.query.pageSize) }),
    ),
  ),
);
app.get('/prod-api/home/competition/detail', async (r) => ok(await site.detail(req({ id: Number(r.query.id) }))));

app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
