// Rebuilds the statistics read model from scratch (`npm run statistics:rebuild`): empties it and applies every
// fact the owning services answer. The running service keeps applying events meanwhile (a fact's version decides).
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { RPC, type NatsRpcClient } from '@cmp/common';
import { STATISTICS_CORE } from './app.module';
import { RebuildService } from './model/rebuild.service';

@Module({ providers: STATISTICS_CORE })
class RebuildModule {}

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(RebuildModule, { logger: ['log', 'warn', 'error'] });
  try {
    await app.get(RebuildService).rebuild(); // it says what it read
  } finally {
    await app.get<NatsRpcClient>(RPC).close().catch(() => undefined);
    await app.close();
  }
}

main().catch((e: Error) => {
  console.error(`statistics rebuild failed: ${e.message}`);
  process.exit(1);
});
