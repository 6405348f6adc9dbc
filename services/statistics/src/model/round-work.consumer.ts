import { Injectable } from '@nestjs/common';
import { ConsumeEvent } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, type RoundWorkFact } from '@cmp/contracts';
import { BATCHES_IN_FLIGHT, FACTS_PER_BATCH } from './fact-model';
import { RoundWorkModel } from './round-work-model';

/** Round-work facts as the review service publishes them, applied in batches. */
@Injectable()
export class RoundWorkConsumer {
  constructor(private readonly model: RoundWorkModel) {}

  @ConsumeEvent({ stream: EventStream.review, durable: EventConsumer.statisticsRoundWorks, subject: EventSubject.roundWorkChanged, batch: true, batchMax: FACTS_PER_BATCH, batchesInFlight: BATCHES_IN_FLIGHT })
  async changed(facts: RoundWorkFact[]): Promise<void> {
    await this.model.apply(facts);
  }
}
