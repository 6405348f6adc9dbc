import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { healthController } from '@cmp/common';
import { EnrollmentSubject } from '@cmp/contracts';
import { BankCardService } from './bank-card/bank-card.service';
import { CentreService } from './centre/centre.service';
import { ENROLLMENT_CONFIG, loadEnrollmentConfig, type EnrollmentConfig } from './config';
import { enrollmentDataSource } from './data-source';
import { PaymentConsumer } from './payment/payment.consumer';
import { rpcProvider } from './rpc.provider';
import { CompetitionSettings } from './settings/competition-settings';
import { SignupAdminService } from './signup/admin.service';
import { EnrollmentController } from './signup/enrollment.controller';
import { SignupService } from './signup/signup.service';
import { WorkService } from './work/work.service';

@Module({
  controllers: [EnrollmentController, healthController(EnrollmentSubject.health)],
  providers: [
    { provide: ENROLLMENT_CONFIG, useFactory: loadEnrollmentConfig },
    {
      provide: DataSource,
      inject: [ENROLLMENT_CONFIG],
      useFactory: (config: EnrollmentConfig) => enrollmentDataSource(config).initialize(),
    },
    rpcProvider,
    CompetitionSettings,
    SignupService,
    SignupAdminService,
    WorkService,
    CentreService,
    BankCardService,
    PaymentConsumer,
  ],
})
export class AppModule {}
