import { Injectable } from '@nestjs/common';
import { ConsumeEvent } from '@cmp/common';
import { BATCHES_IN_FLIGHT, FACTS_PER_BATCH } from './fact-model';
import { EventConsumer, EventStream, EventSubject, type OrderFact } from '@cmp/contracts';
import { OrderModel } from './order-model';

/** Paid orders' facts as the payment service publishes them, applied in batches. */
@Injectable()
export class OrderConsumer {
  constructor(private readonly model: OrderModel) {}

  @ConsumeEvent({ stream: EventStream.payment, durable: EventConsumer.statisticsOrders, subject: EventSubject.orderChanged, batch: true, batchMax: FACTS_PER_BATCH, batchesInFlight: BATCHES_IN_FLIGHT })
  async changed(facts: OrderFact[]): Promise<void> {
    await this.model.apply(facts);
  }
}
