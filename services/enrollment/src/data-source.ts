import 'reflect-metadata';
import { createServiceDataSource, Env, readBaseConfig } from '@cmp/common';
import { ENROLLMENT_SCHEMA, type EnrollmentConfig } from './config';
import { Enrollment1764000000000 } from './migrations/1764000000000-Enrollment';
import { BankCards1764300000000 } from './migrations/1764300000000-BankCards';
import { EnrollmentFail1765100000000 } from './migrations/1765100000000-EnrollmentFail';
import { MessageSource1765300000000 } from './migrations/1765300000000-MessageSource';
import { FeeRefunds1767000000000 } from './migrations/1767000000000-FeeRefunds';
import { Promotions1767100000000 } from './migrations/1767100000000-Promotions';
import { Awards1767200000000 } from './migrations/1767200000000-Awards';
import { EnglishNames1765413000000 } from './migrations/1765413000000-EnglishNames';
import { MoneyInFen1767400000000 } from './migrations/1767400000000-MoneyInFen';
import { AwardLevelNamesEn1767450000000 } from './migrations/1767450000000-AwardLevelNamesEn';
import { SignupFacts1767900000000 } from './migrations/1767900000000-SignupFacts';
import { FactFunctionsPath1768100000000 } from './migrations/1768100000000-FactFunctionsPath';
import { CaptainIndex1768120000000 } from './migrations/1768120000000-CaptainIndex';
import { AwardFacts1768300000000 } from './migrations/1768300000000-AwardFacts';

/** The enrollment schema's one DataSource, used by the service, the seed and the migration CLI. */
export function enrollmentDataSource(config: Pick<EnrollmentConfig, 'databaseUrl' | 'dbPoolSize'>) {
  return createServiceDataSource({
    url: config.databaseUrl,
    schema: ENROLLMENT_SCHEMA,
    migrations: [Enrollment1764000000000, BankCards1764300000000, EnrollmentFail1765100000000, MessageSource1765300000000, EnglishNames1765413000000, FeeRefunds1767000000000, Promotions1767100000000, Awards1767200000000, MoneyInFen1767400000000, AwardLevelNamesEn1767450000000, SignupFacts1767900000000, FactFunctionsPath1768100000000, CaptainIndex1768120000000, AwardFacts1768300000000],
    poolSize: config.dbPoolSize,
  });
}

// For the TypeORM CLI: `typeorm migration:run -d dist/data-source.js`.
export default enrollmentDataSource({ databaseUrl: readBaseConfig(new Env()).databaseUrl, dbPoolSize: 2 });
