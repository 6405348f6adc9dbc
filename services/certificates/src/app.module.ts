import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { durableConsumers, healthController, outboxProviders, RPC, rpcProvider, scopesOverNats, type NatsRpcClient } from '@cmp/common';
import { CertificatesSubject, EventStream, Service } from '@cmp/contracts';
import { BatchController } from './batch/batch.controller';
import { BatchService } from './batch/batch.service';
import { CertificateService } from './batch/certificate.service';
import { WinnersConsumer } from './batch/winners.consumer';
import { CERTIFICATES_CONFIG, loadCertificatesConfig, type CertificatesConfig } from './config';
import { certificatesDataSource } from './data-source';
import { queueProvider, RENDER_QUEUE, type RenderQueue } from './queue';
import { TemplateController } from './template/template.controller';
import { TemplateService } from './template/template.service';

@Module({
  controllers: [TemplateController, BatchController, healthController(CertificatesSubject.health)],
  providers: [
    { provide: CERTIFICATES_CONFIG, useFactory: loadCertificatesConfig },
    {
      provide: DataSource,
      inject: [CERTIFICATES_CONFIG],
      useFactory: (config: CertificatesConfig) => certificatesDataSource(config).initialize(),
    },
    rpcProvider(Service.certificates, CERTIFICATES_CONFIG),
    ...scopesOverNats,
    ...outboxProviders({ service: Service.certificates, streams: [EventStream.certificates] }),
    queueProvider,
    TemplateService,
    BatchService,
    CertificateService,
    WinnersConsumer,
    ...durableConsumers,
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(
    @Inject(RENDER_QUEUE) private readonly queue: RenderQueue,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    await this.rpc.close().catch(() => undefined);
  }
}
