import { Injectable } from '@nestjs/common';
import { ConsumeEvent } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, type RoundScoreFact } from '@cmp/contracts';
import { BATCHES_IN_FLIGHT, FACTS_PER_BATCH } from './fact-model';
import { RoundScoreModel } from './round-score-model';

/** Round-score facts as the review service publishes them, applied in batches. */
@Injectable()
export class RoundScoreConsumer {
  constructor(private readonly model: RoundScoreModel) {}

  @ConsumeEvent({ stream: EventStream.review, durable: EventConsumer.statisticsRoundScores, subject: EventSubject.roundScoreChanged, batch: true, batchMax: FACTS_PER_BATCH, batchesInFlight: BATCHES_IN_FLIGHT })
  async changed(facts: RoundScoreFact[]): Promise<void> {
    await this.model.apply(facts);
  }
}
