import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { healthController, RPC, rpcProvider, scopesOverNats, type NatsRpcClient } from '@cmp/common';
import { ReviewSubject, Service } from '@cmp/contracts';
import { loadReviewConfig, REVIEW_CONFIG, type ReviewConfig } from './config';
import { reviewDataSource } from './data-source';
import { TypeController } from './round/type.controller';
import { EXPERT_CONTROLLERS, EXPERT_PROVIDERS } from './expert';

@Module({
  controllers: [TypeController, ...EXPERT_CONTROLLERS, healthController(ReviewSubject.health)],
  providers: [
    { provide: REVIEW_CONFIG, useFactory: loadReviewConfig },
    {
      provide: DataSource,
      inject: [REVIEW_CONFIG],
      useFactory: (config: ReviewConfig) => reviewDataSource(config).initialize(),
    },
    rpcProvider(Service.review, REVIEW_CONFIG),
    ...scopesOverNats,
    ...EXPERT_PROVIDERS,
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(@Inject(RPC) private readonly rpc: NatsRpcClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.rpc.close().catch(() => undefined);
  }
}
