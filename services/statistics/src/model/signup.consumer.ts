import { Injectable } from '@nestjs/common';
import { ConsumeEvent } from '@cmp/common';
import { BATCHES_IN_FLIGHT, FACTS_PER_BATCH } from './fact-model';
import { EventConsumer, EventStream, EventSubject, type SignupFact } from '@cmp/contracts';
import { SignupModel } from './signup-model';

/** Sign-up facts as the enrollment service publishes them, applied in batches (its replicas share the stream). */
@Injectable()
export class SignupConsumer {
  constructor(private readonly model: SignupModel) {}

  @ConsumeEvent({ stream: EventStream.enrollment, durable: EventConsumer.statisticsSignups, subject: EventSubject.signupChanged, batch: true, batchMax: FACTS_PER_BATCH, batchesInFlight: BATCHES_IN_FLIGHT })
  async changed(facts: SignupFact[]): Promise<void> {
    await this.model.apply(facts);
  }
}
