import { Injectable } from '@nestjs/common';
import { ConsumeEvent } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, type OperationLoggedEvent } from '@cmp/contracts';
import { OperationLogService } from './operation-log.service';

/**
 * Feeds auth.operation_logs from the AUDIT stream. The durable consumer keeps its place across restarts,
 * so entries published while this service was down arrive when it is back.
 */
@Injectable()
export class OperationLogConsumer {
  constructor(private readonly logs: OperationLogService) {}

  /** Every mutating call of the platform lands here: rows are written many to one statement. */
  @ConsumeEvent({ stream: EventStream.audit, durable: EventConsumer.authOperationLog, subject: EventSubject.operationLogged, batch: true })
  async logged(events: OperationLoggedEvent[]): Promise<void> {
    await this.logs.record(events);
  }
}
