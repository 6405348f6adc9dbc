import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { healthController, keptScopesOverNats, outboxProviders, RPC, rpcProvider, type NatsRpcClient } from '@cmp/common';
import { EventStream, ReviewSubject, Service } from '@cmp/contracts';
import { loadReviewConfig, REVIEW_CONFIG, type ReviewConfig } from './config';
import { reviewDataSource } from './data-source';
import { BidController } from './bid/bid.controller';
import { BidService } from './bid/bid.service';
import { DistributionController } from './distribution/distribution.controller';
import { DistributionService } from './distribution/distribution.service';
import { GroupController } from './group/group.controller';
import { GroupService } from './group/group.service';
import { ResultsController } from './results/results.controller';
import { ResultsService } from './results/results.service';
import { PromotionService } from './results/promotion.service';
import { AwardService } from './results/award.service';
import { AwardPresetsService } from './results/award-presets.service';
import { AppealService } from './results/appeal.service';
import { PublicationService } from './results/publication.service';
import { VoteService } from './results/vote.service';
import { ProgressService } from './scoring/progress.service';
import { ScoringController } from './scoring/scoring.controller';
import { ScoringService } from './scoring/scoring.service';
import { RoundController } from './round/round.controller';
import { RoundService } from './round/round.service';
import { TypeController } from './round/type.controller';
import { EXPERT_CONTROLLERS, EXPERT_PROVIDERS } from './expert';
import { SceneController } from './scene/scene.controller';
import { SceneService } from './scene/scene.service';
import { QueueService } from './scene/queue.service';
import { KioskService } from './scene/kiosk.service';

@Module({
  controllers: [TypeController, RoundController, BidController, GroupController, DistributionController, ResultsController, ScoringController, SceneController, ...EXPERT_CONTROLLERS, healthController(ReviewSubject.health)],
  providers: [
    { provide: REVIEW_CONFIG, useFactory: loadReviewConfig },
    {
      provide: DataSource,
      inject: [REVIEW_CONFIG],
      useFactory: (config: ReviewConfig) => reviewDataSource(config).initialize(),
    },
    rpcProvider(Service.review, REVIEW_CONFIG),
    ...keptScopesOverNats,
    ...outboxProviders({ service: Service.review, streams: [EventStream.review, EventStream.scene] }),
    ...EXPERT_PROVIDERS,
    RoundService,
    BidService,
    ResultsService,
    PromotionService,
    AwardService,
    AwardPresetsService,
    PublicationService,
    AppealService,
    VoteService,
    ScoringService,
    ProgressService,
    GroupService,
    DistributionService,
    SceneService,
    QueueService,
    KioskService,
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(@Inject(RPC) private readonly rpc: NatsRpcClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.rpc.close().catch(() => undefined);
  }
}
