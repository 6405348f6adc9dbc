import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { ensureStream, runDurableConsumer, type RunningConsumer } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, type OperationLoggedEvent } from '@cmp/contracts';
import { AUTH_CONFIG, type AuthConfig } from '../config';
import { OperationLogService } from './operation-log.service';

/**
 * Feeds auth.operation_logs from the AUDIT stream. The durable consumer keeps its place across restarts,
 * so entries published while this service was down arrive when it is back.
 */
@Injectable()
export class OperationLogConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OperationLogConsumer');
  private nc?: NatsConnection;
  private consumer?: RunningConsumer;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly logs: OperationLogService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.nc = await connect({ servers: this.config.natsUrl, name: `auth-events-${process.pid}`, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
    await ensureStream(this.nc, EventStream.audit);
    this.consumer = await runDurableConsumer<OperationLoggedEvent>(this.nc, {
      stream: EventStream.audit,
      durable: EventConsumer.authOperationLog,
      subject: EventSubject.operationLogged,
      // Every mutating call of the platform lands here: rows are written many to one statement.
      handleBatch: (events) => this.logs.record(events),
      logger: this.logger,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
    await this.nc?.drain();
  }
}
