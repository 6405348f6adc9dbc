'use strict';
// Issue 6: a batch of certificates from a real template (Chinese text, QR code, seal) through the whole
// platform (gateway → certificates service → BullMQ → worker → Chromium → PDF per certificate on disk), against
// raw Chromium rendering the same certificates one page.pdf call each, in the same run. Reports certificates
// per second, the ratio, the worker's peak memory (Node and its Chromium) and Chromium processes left after
// the worker stopped. Target: at least 3 × the one-call-per-certificate rate; memory flat; no processes left.
//
// BENCH_CERTIFICATES (default 1000) sets the batch size; 5000 shows whether memory stays flat.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const puppeteer = require('puppeteer-core');
const QRCode = require('qrcode');
const { startPlatform } = require('./lib/platform');
const { start, stop } = require('./lib/processes');

const ROOT = path.resolve(__dirname, '..', '..');
const contracts = require('@cmp/contracts');
const { demoAwardDesign } = contracts;
const { bindValues, CHROMIUM_ARGS } = require('@cmp/certificates');

const TARGET_RATIO = 3;
const SEAL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAABsklEQVR4AeXBUXLbMBBEwTdbuv8JcZdJPlIpyyaBJQGClNGtwtqCxb2Yy+SISVS4lBlDXESF4cy1xEAqDGPmEgOo0M3cS3QI+pj7mQ4qnGLOETnmHHGQCoeZY0Qfc4w4QIVDTI64hskRSUGeyRHXETkmSYUU0ybmMm2iIWgzbWI+0WYagn7iPqJTUGfqxP1EnakI9pk68RyizuwIzhHPI04Itpl94rnEPrMhWFzwk9knnk/sM98EeeJziKRgccE78/uZL4Ic8XlEQrC4F/cx78QNVPjPbBNjmToxltkm/grmMm1momBxwTwmz0wSLC5YXLC4YB6RJyYJFhfMJdrERCq8MdvEeOadGM9sE/+8uI94gGBxQY75PCYheCd+P/FFsLggz3wOkxT8JPaZ5zP7xDfB4oJtYp95LrNPbAjOMc9jTgj2iTrzHKZO7AjqRJ25n6kTFUE/cx/TKWgTbWY+0yYaVEgzOeJaJkckBHkix1zH5IgkFQ4zx4g+5hhxgAqnmHNEjjlHHKRCF/MM4qSgj7if6KDCMGYuMYAKw5lriYFUuJQZQ1xEhalMjphEhbUFi/sD0ctYpNW6XIgAAAAASUVORK5CYII=',
  'base64',
);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes) => Math.round(bytes / 1048576);

/** pid → parent pid for every process, from /proc. */
function processTable() {
  const table = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { ppid: Number(fields[1]), rss: Number(fields[21]) * 4096 });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** Proportional set size: shared pages split between the processes that share them, so sums add up. */
function pss(pid) {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))[1]) * 1024;
  } catch {
    return 0;
  }
}

/** Still running and still a Chromium (not a recycled pid). */
const isChromium = (pid) => {
  try {
    return /chrom/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
};

function descendants(table, pid) {
  const out = [];
  const walk = (p) => {
    for (const [child, info] of table) if (info.ppid === p) (out.push(child), walk(child));
  };
  walk(pid);
  return out;
}

async function call(base, token, route, body) {
  const res = await fetch(`${base}/prod-api${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${route}: ${json.code} ${json.msg}`);
  return json.data;
}

const winners = (n) =>
  Array.from({ length: n }, (_, i) => ({
    holderName: `获奖人${i + 1}`,
    awardName: ['一等奖', '二等奖', '三等奖'][i % 3],
    values: { school: '华东示范大学', student: `学生${i + 1}、队友${i + 1}`, teacher: '王老师、李老师', workName: `基于深度学习的智慧校园系统第${i + 1}号` },
  }));

/** One batch through the platform with a worker of our own; samples the worker's memory and its Chromium. */
async function platformRun(ctx, platform, token, competitionId, templateId, count, previews) {
  const worker = start('certificates-worker', process.execPath, [path.join(ROOT, 'services/certificates/dist/worker.js')], {
    ...platform.env,
    PREVIEW_SCALE_PERCENT: previews ? '50' : '0',
  });
  await sleep(1500);
  const batch = await call(platform.url, token, '/certificate/batch/add', { templateId, competitionId, name: `bench ${count}`, issuerName: '华东示范大学' });
  for (let i = 0; i < count; i += 500) {
    const slice = winners(count).slice(i, i + 500);
    await call(platform.url, token, '/certificate/batch/recipients/add', { batchId: batch.id, recipients: slice });
  }
  const seen = new Set();
  let peakNode = 0;
  let peakChromium = 0;
  const byQuarter = [];
  const started = Date.now();
  await call(platform.url, token, '/certificate/batch/issue', { batchId: batch.id });
  let progress;
  for (;;) {
    const table = processTable();
    const kids = descendants(table, worker.pid);
    kids.forEach((k) => seen.add(k));
    peakNode = Math.max(peakNode, pss(worker.pid));
    peakChromium = Math.max(peakChromium, kids.reduce((sum, k) => sum + pss(k), 0));
    progress = await call(platform.url, token, `/certificate/batch/progress?batchId=${batch.id}`);
    const quarter = Math.floor((progress.done / count) * 4);
    if (quarter > byQuarter.length && quarter <= 4) byQuarter.push(mb(pss(worker.pid)));
    if (progress.status === 'done' || progress.status === 'failed') break;
    await sleep(200);
  }
  const seconds = (Date.now() - started) / 1000;
  if (progress.done !== count) ctx.note(`WARNING: ${count - progress.done} certificates not rendered (${progress.failed} failed).`);
  await stop(worker, 20000);
  // Chromium's helpers exit a moment after the browser: give them up to 10 s before counting what is left.
  for (let i = 0; i < 50 && [...seen].some(isChromium); i++) await sleep(200);
  const left = [...seen].filter(isChromium).length;
  ctx.log(`${previews ? 'with previews' : 'PDF only'}: ${count} in ${seconds.toFixed(1)} s, worker peak ${mb(peakNode)} MB + Chromium ${mb(peakChromium)} MB, ${left} Chromium processes left`);
  return { seconds, rate: count / seconds, peakNode, peakChromium, left, byQuarter };
}

/** The same certificates, raw: one Chromium page, one setContent + page.pdf per certificate. */
async function rawRun(ctx, count, sealUrl) {
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    const design = demoAwardDesign();
    const scheme = { variant: 'allAutoincrementFour', prefix: 'BENCH-', suffix: '' };
    const list = winners(count);
    const started = Date.now();
    for (const [i, w] of list.entries()) {
      const number = `BENCH-${String(i + 1).padStart(4, '0')}`;
      const qrCode = await QRCode.toDataURL(`http://localhost:5173/certificate/trace?token=${i}aaaaaaaaaaaaaaaaaaaaa`, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
      const html = contracts.renderCertificateHtml(design, bindValues(w, number, scheme, { qrCode, seal: sealUrl }));
      await page.setContent(html, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => true)');
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      if (!pdf.length) throw new Error('empty PDF');
    }
    const seconds = (Date.now() - started) / 1000;
    ctx.log(`raw page.pdf per certificate: ${count} in ${seconds.toFixed(1)} s`);
    return { seconds, rate: count / seconds };
  } finally {
    await browser.close();
  }
}

module.exports = {
  name: 'certificate-batch',
  description:
    'A batch of certificates from a real template (award type 1: Chinese text in Noto Sans CJK / WenQuanYi, QR code, seal) issued ' +
    'through the platform: gateway → certificates service → BullMQ → worker (numbering, Chromium, many certificates per page load, ' +
    'PDF split with pdf-lib, files written) → progress. "Raw" renders the same certificates in one Chromium page, one setContent + ' +
    'page.pdf per certificate, in the bench process. Rates are certificates per second from issue to the last one stored.',

  async run(ctx) {
    const loadAtStart = os.loadavg()[0];
    const count = Number(process.env.BENCH_CERTIFICATES || 1000);
    const platform = await startPlatform(ctx, { database: 'cmp_bench_cert' });
    const login = await call(platform.url, null, '/auth/login/pwd', { username: 'admin1', password: 'Demo@2026' });
    const token = login.token;
    const competition = await call(platform.url, token, '/competition/info/add', { name: `证书压测 ${Date.now()}`, nameEn: 'Bench', year: 2026 });
    const form = new FormData();
    form.append('file', new Blob([SEAL_PNG]), 'seal.png');
    const up = await (await fetch(`${platform.url}/prod-api/file/upload/image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
    await call(platform.url, token, '/certificate/seal/save', { imageUrl: up.data.url });
    const template = await call(platform.url, token, '/certificate/template/add', {
      name: 'bench',
      category: 'award1',
      design: demoAwardDesign(),
      numbering: { variant: 'allAutoincrementFour', prefix: 'BENCH-', suffix: '' },
    });

    const pdfOnly = await platformRun(ctx, platform, token, competition.id, template.id, count, false);
    const withPreviews = await platformRun(ctx, platform, token, competition.id, template.id, Math.min(count, 1000), true);
    // The raw loop gets the machine to itself: the services idle, the worker is gone.
    const raw = await rawRun(ctx, Math.min(count, 1000), `data:image/png;base64,${SEAL_PNG.toString('base64')}`);

    const ratio = pdfOnly.rate / raw.rate;
    ctx.note(`Target: batch ≥ ${TARGET_RATIO} × the raw per-certificate rate: ${ratio.toFixed(2)}× (${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}).`);
    ctx.note(`Memory is PSS (shared pages split between processes). Worker (Node) at 25/50/75/100 % of the PDF-only batch: ${pdfOnly.byQuarter.join(' / ')} MB (flat means no growth with the batch size).`);
    ctx.note(`Chromium processes left 10 s after the worker stopped (SIGTERM): ${pdfOnly.left} and ${withPreviews.left}.`);
    ctx.note(`Load average when the bench started: ${loadAtStart.toFixed(1)} on ${os.availableParallelism()} CPUs (other people's tests share this machine: compare the ratio, not the absolute rates).`);
    ctx.note(`Settings: RENDER_CHUNK_SIZE=${platform.env.RENDER_CHUNK_SIZE ?? 50}, RENDER_PAGES=${platform.env.RENDER_PAGES ?? 2}; previews at 50 % (561×397 PNG).`);
    const rowOf = (target, r, n, rel) => ({
      Target: target,
      Certificates: n,
      Seconds: r.seconds.toFixed(1),
      'Certificates/s': r.rate.toFixed(1),
      Ratio: rel.toFixed(2),
      'Worker peak MB (Node + Chromium)': r.peakNode === undefined ? '–' : `${mb(r.peakNode)} + ${mb(r.peakChromium)}`,
      'Chromium left': r.left === undefined ? '–' : r.left,
    });
    return [
      rowOf('Batch through the platform, PDF only', pdfOnly, count, ratio),
      rowOf('Batch through the platform, PDF + PNG preview', withPreviews, Math.min(count, 1000), withPreviews.rate / raw.rate),
      rowOf('Raw Chromium, one page.pdf per certificate', raw, Math.min(count, 1000), 1),
    ];
  },
};
