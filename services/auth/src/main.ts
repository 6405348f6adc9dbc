import 'reflect-metadata';
import { ensureDatabase, migrate, startHeartbeat, startRpcService } from '@cmp/common';
import { Service } from '@cmp/contracts';
import { AppModule } from './app.module';
import { AUTH_SCHEMA, loadAuthConfig } from './config';
import { authDataSource } from './data-source';

async function main(): Promise<void> {
  const config = loadAuthConfig();
  // Bring the schema up to date before serving; replicas take turns on an advisory lock.
  await ensureDatabase(config.databaseUrl);
  const ds = authDataSource({ ...config, dbPoolSize: 2 });
  await migrate(ds, AUTH_SCHEMA);
  await ds.destroy();
  await startRpcService(AppModule, Service.auth, config.natsUrl);
  startHeartbeat(Service.auth);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
