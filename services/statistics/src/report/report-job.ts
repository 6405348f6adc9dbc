import { ChromiumBrowser, printHtmlToPdf, reportFileKey, returnedRows, type ExpectedJob, type StorageBackend } from '@cmp/common';
import { ReportStatus, StatisticsQueue, type Lang, type RenderReportJob } from '@cmp/contracts';
import type { DataSource } from 'typeorm';
import type { FiguresService } from '../figures/figures.service';
import { reportHtml } from './report-html';

/** The job of a report: its id and when it was asked for name it (a fresh database numbers reports from 1 again). */
export function reportJobOf(report: { id: number; createdAt: Date | string }): ExpectedJob & { data: RenderReportJob } {
  return {
    name: StatisticsQueue.renderReport,
    data: { reportId: report.id },
    jobId: `report-${report.id}-${new Date(report.createdAt).getTime()}`,
    opts: { attempts: 3, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { age: 3600 }, removeOnFail: { age: 86400 } },
  };
}

interface ReportRow {
  id: number;
  competitionId: number;
  competitionName: string;
  organisationName: string;
  lang: Lang;
  createdAt: Date;
}

/** What rendering a report needs besides its database. */
export interface ReportTools {
  figures: FiguresService;
  chromium: ChromiumBrowser;
  storage: StorageBackend;
}

/**
 * Renders one report: its competition's figures as they are now, printed to PDF and stored; the row says how far it
 * is. A report already done or failed is left alone, so a job run twice (a worker died after storing) stores the same
 * file again at most.
 */
export async function renderReport(ds: DataSource, tools: ReportTools, reportId: number, progress: (p: number) => Promise<void>): Promise<{ sizeBytes: number } | null> {
  const step = async (p: number) => {
    await ds.query(`UPDATE reports SET progress = $2 WHERE id = $1 AND status = ${ReportStatus.running}`, [reportId, p]);
    await progress(p);
  };
  const [report] = await returnedRows<ReportRow>(
    ds,
    `UPDATE reports SET status = ${ReportStatus.running}, progress = 5 WHERE id = $1 AND status IN (${ReportStatus.queued}, ${ReportStatus.running})
     RETURNING id, competition_id AS "competitionId", competition_name AS "competitionName", organisation_name AS "organisationName", lang, created_at AS "createdAt"`,
    [reportId],
  );
  if (!report) return null;
  const figures = await tools.figures.figuresOf(report.competitionId, report.lang);
  await step(30);
  const html = reportHtml({ lang: report.lang, competition: { name: report.competitionName, organisation: report.organisationName }, figures, generatedAt: new Date() });
  await step(50);
  const pdf = await printHtmlToPdf(tools.chromium, html);
  await step(90);
  const key = reportFileKey(report.id, new Date(report.createdAt));
  await tools.storage.put(key, pdf, 'application/pdf');
  await ds.query(
    `UPDATE reports SET status = ${ReportStatus.done}, progress = 100, storage_key = $2, size_bytes = $3, finished_at = now() WHERE id = $1 AND status = ${ReportStatus.running}`,
    [reportId, key, pdf.length],
  );
  await progress(100);
  return { sizeBytes: pdf.length };
}

/** The last try failed: the report says why, in the words of the error (no stack). */
export async function reportFailed(ds: DataSource, reportId: number, e: unknown): Promise<void> {
  await ds.query(`UPDATE reports SET status = ${ReportStatus.failed}, error = $2, finished_at = now() WHERE id = $1 AND status <> ${ReportStatus.done}`, [
    reportId,
    String((e as Error)?.message ?? e).slice(0, 500),
  ]);
}
