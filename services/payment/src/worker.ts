import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { bootWorker, RPC, type NatsRpcClient } from '@cmp/common';
import { PaymentQueue, Service } from '@cmp/contracts';
import { PAYMENT_CORE } from './app.module';
import { loadPaymentConfig, PAYMENT_SCHEMA } from './config';
import { paymentDataSource } from './data-source';
import { OrderService } from './order/order.service';
import { ReconcileService } from './reconcile/reconcile.service';
import { RefundSender } from './refund/refund.service';

/** The service's money paths on the worker's database (the later DataSource provider replaces PAYMENT_CORE's). */
@Module({})
class WorkerModule {
  static on(ds: DataSource): DynamicModule {
    return { module: WorkerModule, providers: [...PAYMENT_CORE, { provide: DataSource, useValue: ds }] };
  }
}

/**
 * The payment worker: BullMQ jobs that settle what no request will. Unpaid orders past their time are asked about
 * at Alipay and closed there and here; pending refunds are sent again under their own numbers; every morning the day
 * before is reconciled against Alipay's bill. The first two are idempotent (conditional updates, the same request
 * numbers), so two workers or a job run twice change nothing twice; a reconciliation run twice is two runs.
 */
const config = loadPaymentConfig();
const every = config.jobIntervalSeconds * 1000;
bootWorker({
  service: Service.payment,
  config,
  database: { schema: PAYMENT_SCHEMA, dataSource: paymentDataSource, poolSize: config.dbPoolSize },
  queue: {
    name: PaymentQueue.name,
    concurrency: 1,
    schedules: {
      [PaymentQueue.closeExpired]: { every },
      [PaymentQueue.refunds]: { every },
      [PaymentQueue.reconcile]: { pattern: config.reconcileCron, tz: 'Asia/Shanghai' },
    },
  },
  open: async (ds) => {
    const app = await NestFactory.createApplicationContext(WorkerModule.on(ds), { logger: ['error', 'warn'] });
    const orders = app.get(OrderService);
    const refunds = app.get(RefundSender);
    const reconcile = app.get(ReconcileService);
    const nats = app.get<NatsRpcClient>(RPC);
    return {
      jobs: {
        [PaymentQueue.refunds]: async () => ({ sent: await refunds.sendPending() }),
        [PaymentQueue.reconcile]: () => reconcile.daily(),
        [PaymentQueue.closeExpired]: async () => {
          const stale: { id: string; orderNo: string }[] = await ds.query(
            `SELECT id, order_no AS "orderNo" FROM orders WHERE status = 'unpaid' AND expires_at < now() ORDER BY expires_at LIMIT 200`,
          );
          let closed = 0;
          for (const o of stale) if (await orders.closeEverywhere(o, 'timeout')) closed++;
          return { checked: stale.length, closed };
        },
      },
      close: async () => {
        await app.close();
        await nats.close();
      },
    };
  },
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
