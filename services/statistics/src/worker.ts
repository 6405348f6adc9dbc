import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { bootWorker, ChromiumBrowser, RPC, scopesOverNats, storageBackend, type NatsRpcClient } from '@cmp/common';
import { ReportStatus, Service, StatisticsQueue, type RenderReportJob } from '@cmp/contracts';
import { STATISTICS_CORE } from './app.module';
import { loadStatisticsConfig, STATISTICS_SCHEMA } from './config';
import { statisticsDataSource } from './data-source';
import { FigureVersions } from './figures/figure-versions';
import { FiguresService } from './figures/figures.service';
import { renderReport, reportFailed, reportJobOf } from './report/report-job';

/** The figures on the worker's database (the later DataSource provider replaces STATISTICS_CORE's). */
@Module({})
class WorkerModule {
  static on(ds: DataSource): DynamicModule {
    return {
      module: WorkerModule,
      providers: [
        ...STATISTICS_CORE,
        ...scopesOverNats,
        // It hears no broadcasts: the versions it reads are not kept.
        { provide: FigureVersions, useValue: new FigureVersions(ds, null) },
        FiguresService,
        { provide: DataSource, useValue: ds },
      ],
    };
  }
}

/**
 * The statistics worker: renders competitions' reports (数据报告) to PDF with the host's Chromium, outside any
 * request. A report's job is idempotent (a done report is left alone), so a job taken up again costs a re-run.
 */
const config = loadStatisticsConfig();
bootWorker({
  service: Service.statistics,
  config,
  database: { schema: STATISTICS_SCHEMA, dataSource: statisticsDataSource, poolSize: 4 },
  queue: { name: StatisticsQueue.name, concurrency: 1 },
  // Reports queued or rendering whose job Redis lost are queued again (the sweeper in bootWorker).
  expectedJobs: async (ds) => {
    const rows: { id: number; createdAt: Date }[] = await ds.query(
      `SELECT id, created_at AS "createdAt" FROM reports WHERE status IN (${ReportStatus.queued}, ${ReportStatus.running})`,
    );
    return rows.map(reportJobOf);
  },
  open: async (ds) => {
    const app = await NestFactory.createApplicationContext(WorkerModule.on(ds), { logger: ['error', 'warn'] });
    const tools = { figures: app.get(FiguresService), chromium: new ChromiumBrowser(config.chromiumPath), storage: storageBackend(config.storage) };
    const nats = app.get<NatsRpcClient>(RPC);
    return {
      jobs: {
        [StatisticsQueue.renderReport]: async (job) => {
          const { reportId } = job.data as RenderReportJob;
          try {
            return await renderReport(ds, tools, reportId, (p) => job.updateProgress(p));
          } catch (e) {
            if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await reportFailed(ds, reportId, e);
            throw e;
          }
        },
      },
      close: async () => {
        await tools.chromium.close();
        await app.close();
        await nats.close();
      },
    };
  },
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
