import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { durableConsumers, healthController, keptScopesOverNats, RPC, rpcProvider, type NatsRpcClient } from '@cmp/common';
import { Service, StatisticsSubject } from '@cmp/contracts';
import { loadStatisticsConfig, STATISTICS_CONFIG, type StatisticsConfig, type StatisticsRole } from './config';
import { statisticsDataSource } from './data-source';
import { FiguresController } from './figures/figures.controller';
import { FigureVersions } from './figures/figure-versions';
import { FiguresService } from './figures/figures.service';
import { FigureChanges } from './model/figure-changes';
import { FirstBuild, RebuildService } from './model/rebuild.service';
import { SignupConsumer } from './model/signup.consumer';
import { SignupModel } from './model/signup-model';
import { OrderConsumer } from './model/order.consumer';
import { OrderModel } from './model/order-model';
import { AssignmentConsumer } from './model/assignment.consumer';
import { AssignmentModel } from './model/assignment-model';
import { RoundWorkConsumer } from './model/round-work.consumer';
import { RoundWorkModel } from './model/round-work-model';
import { RoundScoreConsumer } from './model/round-score.consumer';
import { RoundScoreModel } from './model/round-score-model';
import { ReportsController } from './report/reports.controller';
import { ReportsService } from './report/reports.service';

/** What the service and its rebuild command share: configuration, database, NATS and the model's writers. */
export const STATISTICS_CORE = [
  { provide: STATISTICS_CONFIG, useFactory: loadStatisticsConfig },
  {
    provide: DataSource,
    inject: [STATISTICS_CONFIG],
    useFactory: (config: StatisticsConfig) => statisticsDataSource(config).initialize(),
  },
  rpcProvider(Service.statistics, STATISTICS_CONFIG),
  FigureChanges,
  SignupModel,
  OrderModel,
  AssignmentModel,
  RoundWorkModel,
  RoundScoreModel,
  RebuildService,
];

/** Answering requests: the figures (with the versions and scopes kept for them) and the reports asked for. */
const READS = { controllers: [FiguresController, ReportsController, healthController(StatisticsSubject.health)], providers: [...keptScopesOverNats, FigureVersions, FiguresService, ReportsService] };
/** Applying facts: the JetStream consumers and the first build of the model. */
const FACTS = [SignupConsumer, OrderConsumer, AssignmentConsumer, RoundWorkConsumer, RoundScoreConsumer, FirstBuild, ...durableConsumers];

/** The service as its replica's role (STATISTICS_ROLE) has it: everything, only the reads, or only the facts. */
@Module({})
export class AppModule implements OnApplicationShutdown {
  static for(role: StatisticsRole): DynamicModule {
    return {
      module: AppModule,
      controllers: role === 'facts' ? [] : READS.controllers,
      providers: [...STATISTICS_CORE, ...(role === 'facts' ? [] : READS.providers), ...(role === 'reads' ? [] : FACTS)],
    };
  }

  constructor(@Inject(RPC) private readonly rpc: NatsRpcClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.rpc.close().catch(() => undefined);
  }
}
