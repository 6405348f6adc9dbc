import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { durableConsumers, rpcProvider, storageBackend, type StorageBackend } from '@cmp/common';
import { AuthController } from './auth/auth.controller';
import { CertificateController } from './certificate/certificate.controller';
import { GATEWAY_CONFIG, loadGatewayConfig, type GatewayConfig } from './config';
import { HealthController } from './health/health.controller';
import { CompetitionController } from './competition/competition.controller';
import { PublicCompetitionController } from './competition/public-competition.controller';
import { AuthGuard } from './http/auth.guard';
import { PublicCache } from './http/public-cache';
import { RpcService } from './http/rpc.service';
import { NewsController, PublicNewsController } from './news/news.controller';
import { SubscriptionController } from './news/subscription.controller';
import { redisProvider } from './redis.provider';
import { LogController } from './system/log.controller';
import { PlatformQueues } from './system/queue-board';
import { QueueController } from './system/queue.controller';
import { Sessions } from './http/sessions';
import { REFERENCE_CONTROLLERS } from './reference';
import { REVIEW_CONTROLLERS } from './review';
import { PAYMENT_CONTROLLERS } from './payment/payment.controller';
import { RECEIPT_CONTROLLERS } from './payment/receipt.controller';
import { SystemController } from './system/system.controller';
import { UserController } from './system/user.controller';
import { TrialController } from './system/trial.controller';
import { FILE_STORAGE, FileStorage, STORAGE_BACKEND } from './files/file-storage';
import { StorageController } from './files/storage.controller';
import { FileLinkController, FileLinks } from './files/file-links';
import { SummaryController } from './summary/summary.controller';
import { EnrollAdminController } from './enrollment/enroll-admin.controller';
import { EnrollmentController } from './enrollment/enrollment.controller';
import { WorkController } from './enrollment/work.controller';
import { WebsiteController } from './website/website.controller';
import { EXPERT_CONTROLLERS } from './review/experts';
import { KioskController } from './kiosk/kiosk.controller';
import { StatisticsController } from './statistics/statistics.controller';
import { WorkbenchController } from './workbench/workbench.controller';
import { KioskRealtime } from './kiosk/realtime';
import { AssistantController } from './assistant/assistant.controller';
import { AssistantService } from './assistant/assistant.service';
import { KioskVoice } from './kiosk/voice';

export const CONTROLLERS = [
  AuthController,
  UserController,
  SystemController,
  TrialController,
  LogController,
  QueueController,
  WebsiteController,
  CompetitionController,
  PublicCompetitionController,
  ...REFERENCE_CONTROLLERS,
  HealthController,
  NewsController,
  PublicNewsController,
  SubscriptionController,
  StorageController,
  FileLinkController,
  EnrollmentController,
  WorkController,
  EnrollAdminController,
  CertificateController,
  ...EXPERT_CONTROLLERS,
  ...REVIEW_CONTROLLERS,
  ...PAYMENT_CONTROLLERS,
  ...RECEIPT_CONTROLLERS,
  KioskController,
  WorkbenchController,
  StatisticsController,
  AssistantController,
  SummaryController,
];

@Module({
  controllers: CONTROLLERS,
  providers: [
    { provide: GATEWAY_CONFIG, useFactory: loadGatewayConfig },
    rpcProvider('gateway', GATEWAY_CONFIG),
    redisProvider,
    { provide: STORAGE_BACKEND, inject: [GATEWAY_CONFIG], useFactory: (c: GatewayConfig) => storageBackend(c.storage) },
    FileLinks,
    { provide: FILE_STORAGE, inject: [STORAGE_BACKEND], useFactory: (backend: StorageBackend) => new FileStorage(backend) },
    RpcService,
    Sessions,
    PlatformQueues,
    PublicCache,
    KioskRealtime,
    KioskVoice,
    AssistantService,
    ...durableConsumers,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
})
export class AppModule {}
