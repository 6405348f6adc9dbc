import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { durableConsumers, healthController, outboxProviders, RPC, rpcProvider, scopesOverNats, storageBackend, type NatsRpcClient } from '@cmp/common';
import { EventStream, PaymentSubject, Service } from '@cmp/contracts';
import { AlipayClient } from './alipay/alipay.client';
import { loadPaymentConfig, PAYMENT_CONFIG, STORAGE, type PaymentConfig } from './config';
import { paymentDataSource } from './data-source';
import { NotifyController } from './notify/notify.controller';
import { NotifyService } from './notify/notify.service';
import { OfflineController } from './offline/offline.controller';
import { OfflineService } from './offline/offline.service';
import { FinanceService } from './order/finance.service';
import { OrderController } from './order/order.controller';
import { OrderService } from './order/order.service';
import { ReceiptController } from './receipt/receipt.controller';
import { ReceiptService } from './receipt/receipt.service';
import { TotalsService } from './receipt/totals.service';
import { ReconcileController } from './reconcile/reconcile.controller';
import { ReconcileService } from './reconcile/reconcile.service';
import { FinanceRefundService } from './refund/finance-refund.service';
import { RefundController } from './refund/refund.controller';
import { RefundSender } from './refund/refund.service';
import { SignupClosedConsumer } from './refund/signup-closed.consumer';
import { SettingsController } from './settings/settings.controller';
import { SettingsService } from './settings/settings.service';

/** What the service and its worker share: configuration, database, NATS, Alipay, the outbox and the money paths. */
export const PAYMENT_CORE = [
  { provide: PAYMENT_CONFIG, useFactory: loadPaymentConfig },
  {
    provide: DataSource,
    inject: [PAYMENT_CONFIG],
    useFactory: (config: PaymentConfig) => paymentDataSource(config).initialize(),
  },
  { provide: STORAGE, inject: [PAYMENT_CONFIG], useFactory: (config: PaymentConfig) => storageBackend(config.storage) },
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
  controllers: [OrderController, NotifyController, RefundController, OfflineController, ReconcileController, SettingsController, ReceiptController, healthController(PaymentSubject.health)],
  providers: [...PAYMENT_CORE, FinanceService, FinanceRefundService, OfflineService, SettingsService, SignupClosedConsumer, ReceiptService, TotalsService, ...durableConsumers],
})
export class AppModule implements OnApplicationShutdown {
  constructor(@Inject(RPC) private readonly rpc: NatsRpcClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.rpc.close().catch(() => undefined);
  }
}
