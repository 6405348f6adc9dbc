/* A worker thread of readWorkbookInThread: reads one uploaded workbook and posts its rows back. */
import { Logger } from '@nestjs/common';
import { loadConfig } from './config';
import { serveIsolatedJob } from './isolated-jobs';
import { createLogger } from './logger';
import { readWorkbook, type ParsedSheet, type WorkbookJob } from './spreadsheet';

// What the parser said about a refused file goes to the process's log, written as the process writes it.
Logger.overrideLogger(createLogger('Spreadsheet', loadConfig(() => ({}))));

serveIsolatedJob<WorkbookJob, ParsedSheet>((job) => readWorkbook(Buffer.from(job.file), job.columns, job.limits));
