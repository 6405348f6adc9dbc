import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RPC, runDurableConsumer, type NatsRpcClient, type RunningConsumer } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, type OperationLoggedEvent } from '@cmp/contracts';
import { OperationLogService } from './operation-log.service';

/**
 * Feeds auth.operation_logs from the AUDIT stream. The durable consumer keeps its place across restarts,
 * so entries published while this service was down arrive when it is back.
 */
@Injectable()
export class OperationLogConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: RunningConsumer;

  constructor(
    @Inject(RPC) private readonly nats: NatsRpcClient,
    private readonly logs: OperationLogService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await runDurableConsumer<OperationLoggedEvent>(this.nats.connection, {
      stream: EventStream.audit,
      durable: EventConsumer.authOperationLog,
      subject: EventSubject.operationLogged,
      // Every mutating call of the platform lands here: rows are written many to one statement.
      handleBatch: (events) => this.logs.record(events),
      logger: new Logger('OperationLogConsumer'),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }
}
