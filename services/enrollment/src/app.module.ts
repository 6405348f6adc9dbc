import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { durableConsumers, healthController, outboxProviders, rpcProvider, scopesOverNats } from '@cmp/common';
import { EnrollmentSubject, EventStream, Service } from '@cmp/contracts';
import { BankCardController } from './bank-card/bank-card.controller';
import { BankCardService } from './bank-card/bank-card.service';
import { CentreController } from './centre/centre.controller';
import { CentreService } from './centre/centre.service';
import { ENROLLMENT_CONFIG, loadEnrollmentConfig, type EnrollmentConfig } from './config';
import { enrollmentDataSource } from './data-source';
import { PaymentConsumer } from './payment/payment.consumer';
import { CertificatesSentConsumer } from './centre/certificates-sent.consumer';
import { ReviewResultsConsumer } from './centre/review-results.consumer';
import { CompetitionSettings } from './settings/competition-settings';
import { SignupAdminService } from './signup/admin.service';
import { SignupController } from './signup/signup.controller';
import { SignupService } from './signup/signup.service';
import { TeamController } from './team/team.controller';
import { TeamService } from './team/team.service';
import { WorkController } from './work/work.controller';
import { WorkService } from './work/work.service';

@Module({
  controllers: [SignupController, TeamController, WorkController, CentreController, BankCardController, healthController(EnrollmentSubject.health)],
  providers: [
    { provide: ENROLLMENT_CONFIG, useFactory: loadEnrollmentConfig },
    {
      provide: DataSource,
      inject: [ENROLLMENT_CONFIG],
      useFactory: (config: EnrollmentConfig) => enrollmentDataSource(config).initialize(),
    },
    rpcProvider(Service.enrollment, ENROLLMENT_CONFIG),
    ...scopesOverNats,
    ...outboxProviders({ service: Service.enrollment, streams: [EventStream.enrollment] }),
    CompetitionSettings,
    SignupService,
    SignupAdminService,
    TeamService,
    WorkService,
    CentreService,
    BankCardService,
    PaymentConsumer,
    CertificatesSentConsumer,
    ReviewResultsConsumer,
    ...durableConsumers,
  ],
})
export class AppModule {}
