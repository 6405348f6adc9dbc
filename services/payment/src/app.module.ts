import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { durableConsumers, healthController, outboxProviders, RPC, rpcProvider, scopesOverNats, type NatsRpcClient } from '@cmp/common';
import { EventStream, PaymentSubject, Service } from '@cmp/contracts';
import { AlipayClient } from './alipay/alipay.client';
import { loadPaymentConfig, PAYMENT_CONFIG, type PaymentConfig } from './config';
import { paymentDataSource } from './data-source';
import { NotifyService } from './notify/notify.service';
import { FinanceService } from './order/finance.service';
import { OfflineService } from './order/offline.service';
import { OrderService } from './order/order.service';
import { PaymentController } from './payment.controller';
import { ReconcileService } from './reconcile/reconcile.service';
import { RefundSender } from './refund/refund.service';
import { SignupClosedConsumer } from './refund/signup-closed.consumer';

/** What the service and its worker share: configuration, database, NATS, Alipay, the outbox and the money paths. */
export const PAYMENT_CORE = [
  { provide: PAYMENT_CONFIG, useFactory: loadPaymentConfig },
  {
    provide: DataSource,
    inject: [PAYMENT_CONFIG],
    useFactory: (config: PaymentConfig) => paymentDataSource(config).initialize(),
  },
  rpcProvider(Service.payment, PAYMENT_CONFIG),
  ...outboxProviders({ service: Service.payment, streams: [EventStream.payment] }),
  ...scopesOverNats,
  AlipayClient,
  NotifyService,
  RefundSender,
  OrderService,
  ReconcileService,
];

@Module({
  controllers: [PaymentController, healthController(PaymentSubject.health)],
  providers: [...PAYMENT_CORE, FinanceService, OfflineService, SignupClosedConsumer, ...durableConsumers],
})
export class AppModule implements OnApplicationShutdown {
  constructor(@Inject(RPC) private readonly rpc: NatsRpcClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.rpc.close().catch(() => undefined);
  }
}
