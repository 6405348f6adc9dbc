import QRCode from 'qrcode';
import type { DataSource } from 'typeorm';
import { certificateFileKey, inlineStoredImage, isUniqueViolation, storedImageKey, type StorageBackend } from '@cmp/common';
import { renderCertificatesHtml, traceUrl, type CertificateDesign, type NumberingScheme } from '@cmp/contracts';
import type { CertificatesConfig } from '../config';
import { assignNumbers } from '../numbering/assign-numbers';
import { bindValues, type BatchPrints } from './design';
import type { CertificateRenderer } from './renderer';

export interface JobProgress {
  done: number;
  failed: number;
  remaining: number;
}

interface PendingRow {
  id: number;
  holder_name: string;
  award_name: string;
  values: Record<string, string>;
  number: string;
  token: string;
}

export class BatchFailed extends Error {
  constructor(readonly key: string, readonly params: Record<string, string | number>) {
    super(key);
  }
}

/**
 * The render-batch job. Idempotent by construction: numbering touches only unnumbered certificates (in one
 * transaction with the counter), rendering only pending ones, and files have fixed names per certificate, so
 * running it again after a crash or a retry finishes the work without issuing anything twice.
 */
export async function renderBatch(
  ds: DataSource,
  renderer: CertificateRenderer,
  storage: StorageBackend,
  config: CertificatesConfig,
  batchId: number,
  report: (p: JobProgress) => Promise<void>,
): Promise<JobProgress> {
  const failBatch = (key: string, params: Record<string, string | number>) =>
    ds.query(`UPDATE batches SET status = 'failed', error = $2 WHERE id = $1`, [batchId, JSON.stringify({ key, params })]);
  type Numbered = { design: CertificateDesign; seal_url: string | null; public_url: string | null; numbering: NumberingScheme } & BatchPrints;
  let batch: Numbered | null;
  try {
    batch = await ds.transaction(async (m) => {
      const [b] = await m.query(`SELECT * FROM batches WHERE id = $1 FOR UPDATE`, [batchId]);
      // Only a queued or running batch has work: a job re-added by the sweeper as its batch finished finds none.
      if (!b || (b.status !== 'queued' && b.status !== 'running')) return null;
      const numbered = await assignNumbers(m, b);
      if (!numbered.ok) {
        await m.query(`UPDATE batches SET status = 'failed', error = $2 WHERE id = $1`, [batchId, JSON.stringify({ key: numbered.key, params: numbered.params })]);
        return null;
      }
      await m.query(`UPDATE batches SET status = 'running', numbered_at = coalesce(numbered_at, now()) WHERE id = $1`, [batchId]);
      return b as Numbered;
    });
  } catch (e) {
    // A number already printed by another batch (a race past the issue check): retrying cannot help, so the
    // batch fails with the reason instead of the job retrying until BullMQ gives up.
    if (!isUniqueViolation(e)) throw e;
    await failBatch('cert.numberTaken', { number: '?' });
    return { done: 0, failed: 0, remaining: 0 };
  }
  if (!batch) return { done: 0, failed: 0, remaining: 0 };
  const numbering = batch.numbering;
  const prints: BatchPrints = batch;
  const qrBase = batch.public_url ?? config.publicWebUrl;

  const design = batch.design;
  const seal = await inlineStoredImage(storage, batch.seal_url);
  // Fixed images of the design (background, logos) uploaded through the gateway, inlined once per batch.
  const inlined = new Map<string, string>();
  for (const el of design.slides?.[0]?.elements ?? []) {
    if (el.type === 'image' && !el.code && storedImageKey(el.src)) {
      const data = await inlineStoredImage(storage, el.src);
      if (data) inlined.set(el.src, data);
    }
  }
  const resolveImageSrc = (src: string) => (src.startsWith('data:image/') ? src : inlined.get(src));

  const pending: PendingRow[] = await ds.query(
    `SELECT id, holder_name, award_name, "values", number, token FROM certificates
      WHERE batch_id = $1 AND status = 'pending' AND revoked_at IS NULL ORDER BY position`,
    [batchId],
  );
  const counts = async (): Promise<JobProgress> => {
    const rows: { status: string; n: number }[] = await ds.query(
      `SELECT status, count(*)::int AS n FROM certificates WHERE batch_id = $1 AND revoked_at IS NULL GROUP BY status`,
      [batchId],
    );
    const of = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
    return { done: of('rendered'), failed: of('failed'), remaining: of('pending') };
  };

  const png = config.previewScale > 0;

  const renderRows = async (rows: PendingRow[]): Promise<void> => {
    const values = await Promise.all(
      rows.map(async (r) =>
        bindValues(
          { holderName: r.holder_name, awardName: r.award_name, values: r.values },
          r.number,
          numbering,
          { qrCode: await QRCode.toDataURL(traceUrl(qrBase, r.token), { margin: 1, width: 240, errorCorrectionLevel: 'M' }), seal },
          prints,
        ),
      ),
    );
    const html = renderCertificatesHtml(design, values, { resolveImageSrc });
    const out = await renderer.renderChunk(html, rows.length, design.viewportRatio, png);
    // The keys are what the gateway streams from (pdf_path, png_path).
    const pdfPaths: string[] = [];
    const pngPaths: (string | null)[] = [];
    for (const [i, r] of rows.entries()) {
      const pdfKey = certificateFileKey(batchId, r.id, 'pdf');
      await storage.put(pdfKey, out.pdfs[i], 'application/pdf');
      pdfPaths.push(pdfKey);
      if (png) {
        const pngKey = certificateFileKey(batchId, r.id, 'png');
        await storage.put(pngKey, out.pngs[i], 'image/png');
        pngPaths.push(pngKey);
      } else pngPaths.push(null);
    }
    await ds.query(
      `UPDATE certificates c SET status = 'rendered', pdf_path = v.pdf, png_path = v.png, rendered_at = now(), error = NULL, attempts = attempts + 1
         FROM unnest($1::int[], $2::text[], $3::text[]) AS v(id, pdf, png) WHERE c.id = v.id AND c.status = 'pending'`,
      [rows.map((r) => r.id), pdfPaths, pngPaths],
    );
  };

  // A failing chunk is tried once more whole (a crashed Chromium is relaunched by then), then one certificate at
  // a time, so one bad certificate does not fail its neighbours.
  const renderChunk = async (rows: PendingRow[]): Promise<void> => {
    try {
      await renderRows(rows).catch(() => renderRows(rows));
    } catch (chunkError) {
      for (const r of rows) {
        try {
          await renderRows([r]);
        } catch (e) {
          const detail = (e as Error).message?.slice(0, 300) || String(chunkError);
          await ds.query(`UPDATE certificates SET status = 'failed', error = $2, attempts = attempts + 1 WHERE id = $1 AND status = 'pending'`, [r.id, detail]);
        }
      }
    }
    await report(await counts());
  };

  const chunks: PendingRow[][] = [];
  for (let i = 0; i < pending.length; i += config.renderChunkSize) chunks.push(pending.slice(i, i + config.renderChunkSize));
  let next = 0;
  const lanes = Array.from({ length: Math.min(config.renderPages, chunks.length) }, async () => {
    while (next < chunks.length) await renderChunk(chunks[next++]);
  });
  await Promise.all(lanes);

  await ds.query(
    `UPDATE batches SET status = 'done' WHERE id = $1 AND status IN ('queued', 'running')
        AND NOT EXISTS (SELECT 1 FROM certificates WHERE batch_id = $1 AND status = 'pending' AND revoked_at IS NULL)`,
    [batchId],
  );
  const final = await counts();
  await report(final);
  return final;
}
