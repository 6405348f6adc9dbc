import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { bullConnection, ensureDatabase, migrate, startHeartbeat } from '@cmp/common';
import { PaymentQueue, Service } from '@cmp/contracts';
import { PAYMENT_CORE } from './app.module';
import { loadPaymentConfig, PAYMENT_SCHEMA } from './config';
import { paymentDataSource } from './data-source';
import { OrderService } from './order/order.service';
import { ReconcileService } from './reconcile/reconcile.service';
import { RefundSender } from './refund/refund.service';

@Module({ providers: PAYMENT_CORE })
class WorkerModule {}

/**
 * The payment worker: BullMQ jobs that settle what no request will. Unpaid orders past their time are asked about
 * at Alipay and closed there and here; pending refunds are sent again under their own numbers; every morning the day
 * before is reconciled against Alipay's bill. The first two are idempotent (conditional updates, the same request
 * numbers), so two workers or a job run twice change nothing twice; a reconciliation run twice is two runs.
 */
async function main(): Promise<void> {
  const config = loadPaymentConfig();
  await ensureDatabase(config.databaseUrl);
  await migrate(paymentDataSource({ ...config, dbPoolSize: 2 }), PAYMENT_SCHEMA);
  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error', 'warn'] });
  const ds = app.get(DataSource);
  const orders = app.get(OrderService);
  const refunds = app.get(RefundSender);
  const reconcile = app.get(ReconcileService);

  const queue = new Queue(PaymentQueue.name, { connection: bullConnection(config.redisUrl) });
  const every = config.jobIntervalSeconds * 1000;
  await queue.upsertJobScheduler(PaymentQueue.closeExpired, { every }, { name: PaymentQueue.closeExpired });
  await queue.upsertJobScheduler(PaymentQueue.refunds, { every }, { name: PaymentQueue.refunds });
  await queue.upsertJobScheduler(PaymentQueue.reconcile, { pattern: config.reconcileCron, tz: 'Asia/Shanghai' }, { name: PaymentQueue.reconcile });

  const worker = new Worker(
    PaymentQueue.name,
    async (job) => {
      if (job.name === PaymentQueue.refunds) return { sent: await refunds.sendPending() };
      if (job.name === PaymentQueue.reconcile) return reconcile.daily();
      if (job.name === PaymentQueue.closeExpired) {
        const stale: { id: string; orderNo: string }[] = await ds.query(
          `SELECT id, order_no AS "orderNo" FROM orders WHERE status = 'unpaid' AND expires_at < now() ORDER BY expires_at LIMIT 200`,
        );
        let closed = 0;
        for (const o of stale) if (await orders.closeEverywhere(o, 'timeout')) closed++;
        return { checked: stale.length, closed };
      }
      return null;
    },
    { connection: bullConnection(config.redisUrl), concurrency: 1 },
  );
  worker.on('failed', (job, e) => console.error(`payment worker: job ${job?.name} failed: ${e.message}`));
  worker.on('error', (e) => console.error(`payment worker: ${e.message}`));
  startHeartbeat(`${Service.payment}-worker`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await worker.close().catch(() => undefined);
    await queue.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
