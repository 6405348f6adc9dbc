import 'reflect-metadata';
import { createServiceDataSource, Env, readBaseConfig } from '@cmp/common';
import { AUTH_SCHEMA, type AuthConfig } from './config';
import { Init1763740000000 } from './migrations/1763740000000-Init';
import { OperationLogs1763900000000 } from './migrations/1763900000000-OperationLogs';
import { AdminPermissions1764100000000 } from './migrations/1764100000000-AdminPermissions';
import { ReviewPermissions1766000000000 } from './migrations/1766000000000-ReviewPermissions';
import { WorkInfoPath1764200000000 } from './migrations/1764200000000-WorkInfoPath';
import { DataCentreName1765413000000 } from './migrations/1765413000000-DataCentreName';
import { ExpertAccess1766100000000 } from './migrations/1766100000000-ExpertAccess';
import { MyReviewsMenu1766200000000 } from './migrations/1766200000000-MyReviewsMenu';
import { FinanceRole1767000000000 } from './migrations/1767000000000-FinanceRole';
import { FinanceRoleReadsCompetitions1767500000000 } from './migrations/1767500000000-FinanceRoleReadsCompetitions';
import { OneTimePasswords1767600000000 } from './migrations/1767600000000-OneTimePasswords';
import { GroupNamesEn1767650000000 } from './migrations/1767650000000-GroupNamesEn';
import { OperationLogClientRequestId1767720000000 } from './migrations/1767720000000-OperationLogClientRequestId';
import { JobQueuesMenu1767800000000 } from './migrations/1767800000000-JobQueuesMenu';
import { StatisticsPermission1767900000000 } from './migrations/1767900000000-StatisticsPermission';
import { Organisations1768400000000 } from './migrations/1768400000000-Organisations';
import { SchoolSummaries1768500000000 } from './migrations/1768500000000-SchoolSummaries';

/** The auth schema's one DataSource, used by the service, the seed and the migration CLI. */
export function authDataSource(config: Pick<AuthConfig, 'databaseUrl' | 'dbPoolSize'>) {
  return createServiceDataSource({
    url: config.databaseUrl,
    schema: AUTH_SCHEMA,
    migrations: [
      Init1763740000000,
      OperationLogs1763900000000,
      AdminPermissions1764100000000,
      WorkInfoPath1764200000000,
      DataCentreName1765413000000,
      ReviewPermissions1766000000000,
      ExpertAccess1766100000000,
      MyReviewsMenu1766200000000,
      FinanceRole1767000000000,
      FinanceRoleReadsCompetitions1767500000000,
      OneTimePasswords1767600000000,
      GroupNamesEn1767650000000,
      OperationLogClientRequestId1767720000000,
      JobQueuesMenu1767800000000,
      StatisticsPermission1767900000000,
      Organisations1768400000000,
      SchoolSummaries1768500000000,
    ],
    poolSize: config.dbPoolSize,
  });
}

// For the TypeORM CLI: `typeorm migration:run -d dist/data-source.js`.
export default authDataSource({ databaseUrl: readBaseConfig(new Env()).databaseUrl, dbPoolSize: 2 });
