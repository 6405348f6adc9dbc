import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { EventStreamDefinition } from '@cmp/contracts';
import { runDurableConsumer, type EventContext, type RunningConsumer } from './events';
import { RPC, type NatsRpcClient } from './nats-rpc';

/** Which events a @ConsumeEvent method takes; names from contracts (subjects.ts). */
export interface ConsumeEventOptions {
  stream: EventStreamDefinition;
  /** Durable name: the position is kept under it across restarts, and the service's replicas share the work. */
  durable: string;
  /** The one event subject (one of stream.subjects). */
  subject: string;
  /** The method takes the events that arrived together, as an array (see runDurableConsumer's handleBatch). */
  batch?: boolean;
  /** With batch: the most events one call takes. */
  batchMax?: number;
  /** With batch: how many calls may run at once (default 1, in order; see runDurableConsumer). */
  batchesInFlight?: number;
  retryDelayMs?: number;
  ackWaitMs?: number;
}

interface Registration {
  method: string | symbol;
  options: ConsumeEventOptions;
}

const CONSUMERS = Symbol('CONSUMERS');

/**
 * Makes a provider's method the handler of a JetStream durable consumer, as @MessagePattern makes one of a request:
 *
 *   @ConsumeEvent({ stream: EventStream.review, durable: EventConsumer.x, subject: EventSubject.resultsPublished })
 *   async published(e: ResultsPublishedEvent): Promise<void> { ... }   // resolve to acknowledge, throw to retry
 *
 * The service lists `...durableConsumers` among its providers; the consumers' lifecycle lives there.
 */
export function ConsumeEvent(options: ConsumeEventOptions) {
  // The descriptor's type makes the method take an event (or an array of them) and answer a promise.
  return <M extends (payload: never, ctx: EventContext) => Promise<void>>(target: object, method: string | symbol, _d: TypedPropertyDescriptor<M>): void => {
    const list: Registration[] = Reflect.getOwnMetadata(CONSUMERS, target.constructor) ?? [];
    Reflect.defineMetadata(CONSUMERS, [...list, { method, options }], target.constructor);
  };
}

type Handler = (payload: unknown, ctx?: EventContext) => Promise<void>;

/**
 * Runs every @ConsumeEvent method of the service's providers, once for all services: starts them at bootstrap, after
 * every module's init (one after another, so consumers of one stream do not race to create it), keeps them pulling across
 * NATS reconnects (runDurableConsumer), and stops them at shutdown, letting the event in hand finish. Each
 * consumer's lag is reported by runDurableConsumer (metrics.ts).
 */
@Injectable()
export class DurableConsumerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private running: RunningConsumer[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const { instance } of this.discovery.getProviders()) {
      const type: unknown = instance && typeof instance === 'object' ? instance.constructor : undefined;
      if (typeof type !== 'function') continue;
      const registrations: Registration[] = Reflect.getMetadata(CONSUMERS, type) ?? [];
      const logger = new Logger(type.name);
      for (const { method, options } of registrations) {
        const handler = ((instance as Record<string | symbol, Handler>)[method]).bind(instance);
        const { batch, ...o } = options;
        this.running.push(await runDurableConsumer(this.rpc.connection, { ...o, logger, ...(batch ? { handleBatch: handler } : { handle: handler }) }));
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.running.map((c) => c.stop().catch((e: Error) => new Logger('DurableConsumerHost').warn(`stopping a consumer failed: ${e.message}`))));
    this.running = [];
  }
}

/** For a service module's providers: runs the @ConsumeEvent methods of its providers. */
export const durableConsumers: Provider[] = [DiscoveryService, DurableConsumerHost];
