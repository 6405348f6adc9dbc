import { Injectable } from '@nestjs/common';
import { ConsumeEvent } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, type AssignmentFact } from '@cmp/contracts';
import { BATCHES_IN_FLIGHT, FACTS_PER_BATCH } from './fact-model';
import { AssignmentModel } from './assignment-model';

/** Assignment facts as the review service publishes them, applied in batches. */
@Injectable()
export class AssignmentConsumer {
  constructor(private readonly model: AssignmentModel) {}

  @ConsumeEvent({ stream: EventStream.review, durable: EventConsumer.statisticsAssignments, subject: EventSubject.assignmentChanged, batch: true, batchMax: FACTS_PER_BATCH, batchesInFlight: BATCHES_IN_FLIGHT })
  async changed(facts: AssignmentFact[]): Promise<void> {
    await this.model.apply(facts);
  }
}
