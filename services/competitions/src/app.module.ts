import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { healthController } from '@cmp/common';
import { CompetitionsSubject } from '@cmp/contracts';
import { COMPETITIONS_CONFIG, loadCompetitionsConfig, type CompetitionsConfig } from './config';
import { competitionsDataSource } from './data-source';
import { REFERENCE_CONTROLLERS, REFERENCE_PROVIDERS } from './reference';
import { rpcProvider } from './rpc.provider';
import { WebsiteController } from './website/website.controller';
import { WebsiteService } from './website/website.service';

@Module({
  controllers: [WebsiteController, ...REFERENCE_CONTROLLERS, healthController(CompetitionsSubject.health)],
  providers: [
    { provide: COMPETITIONS_CONFIG, useFactory: loadCompetitionsConfig },
    {
      provide: DataSource,
      inject: [COMPETITIONS_CONFIG],
      useFactory: (config: CompetitionsConfig) => competitionsDataSource(config).initialize(),
    },
    rpcProvider,
    WebsiteService,
    ...REFERENCE_PROVIDERS,
  ],
})
export class AppModule {}
