const puppeteer = require('puppeteer-core');
const zlib = require('zlib');
(async () => {
  const b = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const p = await b.newPage();
  const files = [];
  p.on('response', async (res) => { if (/\.js(\?|$)/.test(res.url())) { const body = await res.buffer().catch(() => null); if (body) files.push([res.url().split('/').pop(), zlib.gzipSync(body).length]); } });
  await p.goto(process.argv[2], { waitUntil: 'networkidle0' });
  files.sort((a, b) => b[1] - a[1]);
  for (const [f, s] of files.slice(0, 30)) console.log((s / 1024).toFixed(1).padStart(7), f);
  console.log('total', (files.reduce((a, f) => a + f[1], 0) / 1024).toFixed(1));
  await b.close();
})();
