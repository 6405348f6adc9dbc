import 'reflect-metadata';
import { createServiceDataSource, Env, readBaseConfig } from '@cmp/common';
import { CERTIFICATES_SCHEMA, type CertificatesConfig } from './config';
import { Certificates1764000000000 } from './migrations/1764000000000-Certificates';
import { RecipientSignup1765000000000 } from './migrations/1765000000000-RecipientSignup';
import { BatchPublicUrl1765200000000 } from './migrations/1765200000000-BatchPublicUrl';
import { BatchEnglishNames1765413000000 } from './migrations/1765413000000-BatchEnglishNames';
import { PublishedWinners1767300000000 } from './migrations/1767300000000-PublishedWinners';
import { Outbox1767400000000 } from './migrations/1767400000000-Outbox';
import { WinnerScore1767500000000 } from './migrations/1767500000000-WinnerScore';
import { WinnerLevelsEn1767550000000 } from './migrations/1767550000000-WinnerLevelsEn';

/** The certificates schema's one DataSource, used by the service, the worker, the seed and the migration CLI. */
export function certificatesDataSource(config: Pick<CertificatesConfig, 'databaseUrl' | 'dbPoolSize'>) {
  return createServiceDataSource({
    url: config.databaseUrl,
    schema: CERTIFICATES_SCHEMA,
    migrations: [Certificates1764000000000, RecipientSignup1765000000000, BatchPublicUrl1765200000000, BatchEnglishNames1765413000000, PublishedWinners1767300000000, Outbox1767400000000, WinnerScore1767500000000, WinnerLevelsEn1767550000000],
    poolSize: config.dbPoolSize,
  });
}

// For the TypeORM CLI: `typeorm migration:run -d dist/data-source.js`.
export default certificatesDataSource({ databaseUrl: readBaseConfig(new Env()).databaseUrl, dbPoolSize: 2 });
