import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BatchProgress, CertificateBatch, CertificateTemplate, CompetitionDetail, NumberingScheme, Recipient } from '@cmp/contracts';
// eslint-disable-next-line no-restricted-imports -- temporary: this import is fixed on main, drop at merge
import { demoAwardDesign } from '../../../certificates/src/seed/demo-design';
import { api } from './api';
import { waitFor } from './platform';

export { demoAwardDesign };

/** A competition with one event, created by `token`'s organiser: fresh numbering counters for each test. */
export async function competitionWithEvent(token: string, name: string): Promise<{ competitionId: number; itemId: number }> {
  const c = await api<CompetitionDetail>('/competition/info/add', { token, body: { name, nameEn: `${name} EN`, year: 2026, summary: '证书测试' } });
  if (c.code !== 0) throw new Error(`competition add: ${c.msg}`);
  const withItem = await api<CompetitionDetail>('/competition/item/save', { token, body: { competitionId: c.data.id, name: '本科组' } });
  if (withItem.code !== 0) throw new Error(`item add: ${withItem.msg}`);
  return { competitionId: c.data.id, itemId: withItem.data.items[0].id };
}

export async function addTemplate(token: string, numbering: NumberingScheme, numberCode = numbering.variant === 'randomDigits' ? 'randomCode' : numbering.variant): Promise<CertificateTemplate> {
  const r = await api<CertificateTemplate>('/certificate/template/add', {
    token,
    body: { name: `测试模板 ${Date.now()}`, category: 'award1', design: demoAwardDesign(numberCode as never), numbering },
  });
  if (r.code !== 0) throw new Error(`template add: ${r.msg}`);
  return r.data;
}

export async function addBatch(token: string, body: Record<string, unknown>): Promise<CertificateBatch> {
  const r = await api<CertificateBatch>('/certificate/batch/add', { token, body: { name: `批次 ${Date.now()}`, issuerName: '华东示范大学', ...body } });
  if (r.code !== 0) throw new Error(`batch add: ${r.msg}`);
  return r.data;
}

/** Winners with Chinese names long enough to be checked in the PDFs' text. */
export const winners = (n: number, tag: string, first: Partial<Recipient> = {}): Recipient[] =>
  Array.from({ length: n }, (_, i) => ({
    holderName: `${tag}获奖人${i + 1}`,
    awardName: i % 3 === 0 ? '一等奖' : i % 3 === 1 ? '二等奖' : '三等奖',
    values: { school: '华东示范大学', student: `${tag}学生${i + 1}、${tag}队友${i + 1}`, teacher: '王老师', workName: `智慧校园第${i + 1}号作品` },
    ...(i === 0 ? first : {}),
  }));

export async function addWinners(token: string, batchId: number, list: Recipient[]): Promise<void> {
  for (let i = 0; i < list.length; i += 500) {
    const r = await api('/certificate/batch/recipients/add', { token, body: { batchId, recipients: list.slice(i, i + 500) } });
    if (r.code !== 0) throw new Error(`recipients add: ${r.msg}`);
  }
}

export async function progressOf(token: string, batchId: number): Promise<BatchProgress> {
  const r = await api<BatchProgress>(`/certificate/batch/progress?batchId=${batchId}`, { token });
  if (r.code !== 0) throw new Error(`progress: ${r.msg}`);
  return r.data;
}

/** Waits until the batch's job has finished (done or failed) and answers its last progress. */
export async function settled(token: string, batchId: number, timeoutMs = 120000): Promise<BatchProgress> {
  let last: BatchProgress | undefined;
  await waitFor(`batch ${batchId} to finish`, async () => {
    last = await progressOf(token, batchId);
    return last.status === 'done' || last.status === 'failed';
  }, timeoutMs);
  return last!;
}

/** Text of a PDF by poppler's pdftotext, and its page size in points (pdfinfo). */
export function pdfText(pdf: Buffer): { text: string; pages: number; size: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-pdf-'));
  const file = path.join(dir, 'c.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), size: /Page size:\s+([\d.]+ x [\d.]+)/.exec(info)?.[1] ?? '' };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** pids of a process's descendants (Chromium under a worker), read from /proc. */
export function descendantsOf(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, pp] of parent) if (pp === p) { out.push(child); walk(child); }
  };
  walk(pid);
  return out;
}

/** A 64×64 red ring PNG (a stand-in seal). */
export const SEAL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAABsklEQVR4AeXBUXLbMBBEwTdbuv8JcZdJPlIpyyaBJQGClNGtwtqCxb2Yy+SISVS4lBlDXESF4cy1xEAqDGPmEgOo0M3cS3QI+pj7mQ4qnGLOETnmHHGQCoeZY0Qfc4w4QIVDTI64hskRSUGeyRHXETkmSYUU0ybmMm2iIWgzbWI+0WYagn7iPqJTUGfqxP1EnakI9pk68RyizuwIzhHPI04Itpl94rnEPrMhWFzwk9knnk/sM98EeeJziKRgccE78/uZL4Ic8XlEQrC4F/cx78QNVPjPbBNjmToxltkm/grmMm1momBxwTwmz0wSLC5YXLC4YB6RJyYJFhfMJdrERCq8MdvEeOadGM9sE/+8uI94gGBxQY75PCYheCd+P/FFsLggz3wOkxT8JPaZ5zP7xDfB4oJtYp95LrNPbAjOMc9jTgj2iTrzHKZO7AjqRJ25n6kTFUE/cx/TKWgTbWY+0yYaVEgzOeJaJkckBHkix1zH5IgkFQ4zx4g+5hhxgAqnmHNEjjlHHKRCF/MM4qSgj7if6KDCMGYuMYAKw5lriYFUuJQZQ1xEhalMjphEhbUFi/sD0ctYpNW6XIgAAAAASUVORK5CYII=',
  'base64',
);
