import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { healthController, keptScopesOverNats, outboxProviders, rpcProvider } from '@cmp/common';
import { CompetitionsSubject, EventStream, Service } from '@cmp/contracts';
import { COMPETITIONS_CONFIG, loadCompetitionsConfig, type CompetitionsConfig } from './config';
import { competitionsDataSource } from './data-source';
import { REFERENCE_CONTROLLERS, REFERENCE_PROVIDERS } from './reference';
import { CompetitionController } from './competition/competition.controller';
import { CompetitionService } from './competition/competition.service';
import { PublicCompetitionService } from './competition/public.service';
import { NewsController } from './news/news.controller';
import { NewsService } from './news/news.service';
import { SubscriptionController } from './subscription/subscription.controller';
import { SubscriptionService } from './subscription/subscription.service';
import { SummaryController } from './summary/summary.controller';
import { SummaryService } from './summary/summary.service';
import { AssistantController } from './assistant/assistant.controller';
import { AssistantService } from './assistant/assistant.service';
import { WebsiteController } from './website/website.controller';
import { WebsiteService } from './website/website.service';

@Module({
  controllers: [
    WebsiteController,
    CompetitionController,
    ...REFERENCE_CONTROLLERS,
    NewsController,
    SubscriptionController,
    SummaryController,
    AssistantController,
    healthController(CompetitionsSubject.health),
  ],
  providers: [
    { provide: COMPETITIONS_CONFIG, useFactory: loadCompetitionsConfig },
    {
      provide: DataSource,
      inject: [COMPETITIONS_CONFIG],
      useFactory: (config: CompetitionsConfig) => competitionsDataSource(config).initialize(),
    },
    rpcProvider(Service.competitions, COMPETITIONS_CONFIG),
    ...keptScopesOverNats,
    WebsiteService,
    CompetitionService,
    PublicCompetitionService,
    ...outboxProviders({ service: 'competitions', streams: [EventStream.competitions] }),
    ...REFERENCE_PROVIDERS,
    NewsService,
    SubscriptionService,
    AssistantService,
    SummaryService,
  ],
})
export class AppModule {}
