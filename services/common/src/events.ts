import { Logger } from '@nestjs/common';
import {
  AckPolicy,
  DeliverPolicy,
  JSONCodec,
  nanos,
  type ConsumerMessages,
  type JsMsg,
  type NatsConnection,
  type StreamConfig,
} from 'nats';
import type { EventStreamDefinition } from '@cmp/contracts';
import { watchConsumer } from './metrics';
import { REQUEST_ID_HEADER, requestIdHeaders, requestScope } from './request-context';

/**
 * How a service hears anything that is not a request, on its one NATS connection (the RPC client's):
 *
 *   void publishEvent(nc, EventSubject.x, payload, { msgId, logger });           // the outbox relay; services: writeEvent
 *   const c = await runDurableConsumer(nc, { stream, durable, subject, handle }); // services: @ConsumeEvent methods
 *   const b = subscribeBroadcast(nc, subject, (payload) => ...);                  // every replica; b.stop()
 *
 * Domain events go through JetStream (architecture rule 3): a durable consumer's replicas share the work,
 * and events sent while the service was down arrive when it is back. A broadcast is for what every replica
 * must hear at once and a replica that was down does not need (dropping an in-memory cache).
 *
 * Delivery is at least once: publishers give each message an id (JetStream drops a repeat inside the
 * stream's duplicate window) and handlers must be idempotent (for example INSERT ... ON CONFLICT DO NOTHING).
 * Streams, subjects and durable names are defined in @cmp/contracts (subjects.ts).
 */

const codec = JSONCodec<unknown>();

/** Creates the stream, or brings an existing one's subjects and limits in line with the definition. */
export async function ensureStream(nc: NatsConnection, def: EventStreamDefinition): Promise<void> {
  const jsm = await nc.jetstreamManager();
  const config: Partial<StreamConfig> = {
    name: def.name,
    subjects: [...def.subjects],
    ...(def.maxAgeSeconds ? { max_age: nanos(def.maxAgeSeconds * 1000) } : {}),
    ...(def.duplicateWindowSeconds ? { duplicate_window: nanos(def.duplicateWindowSeconds * 1000) } : {}),
  };
  try {
    const info = await jsm.streams.info(def.name);
    const same =
      info.config.subjects.length === config.subjects!.length &&
      config.subjects!.every((s) => info.config.subjects.includes(s)) &&
      (config.max_age === undefined || info.config.max_age === config.max_age) &&
      (config.duplicate_window === undefined || info.config.duplicate_window === config.duplicate_window);
    if (!same) await jsm.streams.update(def.name, { ...info.config, ...config });
  } catch (e) {
    if (!isNotFound(e)) throw e;
    try {
      await jsm.streams.add(config);
    } catch (addErr) {
      // Another replica created it first.
      if (!/already in use/i.test((addErr as Error).message)) throw addErr;
    }
  }
}

const isNotFound = (e: unknown) => /not found/i.test((e as Error)?.message ?? '');

export interface PublishOptions {
  /** De-duplication id: a message with an id already stored inside the duplicate window is dropped. */
  msgId: string;
  /** Where a failure is reported; publishing never throws. */
  logger?: Pick<Logger, 'warn'>;
  /** The request the event comes from, carried in a header; by default the one this code runs for. */
  requestId?: string;
}

/**
 * Publishes one event and waits for the stream's acknowledgement. It never throws: a failure is logged
 * and answered with false, so callers on a request path can fire and forget (`void publishEvent(...)`).
 * A caller that must not lose the event (an outbox relay) checks the answer and tries again later.
 */
export async function publishEvent(nc: NatsConnection, subject: string, payload: unknown, o: PublishOptions): Promise<boolean> {
  try {
    const headers = requestIdHeaders(o.requestId);
    await nc.jetstream().publish(subject, codec.encode(payload), headers ? { msgID: o.msgId, headers } : { msgID: o.msgId });
    return true;
  } catch (e) {
    (o.logger ?? new Logger('events')).warn(`could not publish ${subject} (${o.msgId}): ${(e as Error).message}`);
    return false;
  }
}

/** What a handler learns besides the payload. */
export interface EventContext {
  subject: string;
  /** 1 on first delivery; more when an earlier try failed or was not acknowledged in time. */
  deliveryCount: number;
  msgId: string | undefined;
}

interface ConsumerBase {
  stream: EventStreamDefinition;
  /** Durable name: the consumer's position is kept under it across restarts and shared by replicas. */
  durable: string;
  /** The one event subject this consumer takes (one of stream.subjects). */
  subject: string;
  /** Wait before a failed event is delivered again (default 2 s). */
  retryDelayMs?: number;
  /** Time a handler has before JetStream assumes it died and redelivers (default 30 s). */
  ackWaitMs?: number;
  /** With handleBatch: the most events one batch takes (default BATCH_MAX); a store that applies a batch in a few statements takes more. */
  batchMax?: number;
  /**
   * With handleBatch: how many batches may be handled at once (default 1, in order). More keeps the database busy
   * while the next batch is parsed and the last one acknowledged, for handlers whose result does not depend on order.
   */
  batchesInFlight?: number;
  logger?: Logger;
}

export type DurableConsumerOptions<T> = ConsumerBase &
  (
    | {
        /** Handles one event; resolve to acknowledge it, throw to have it delivered again after retryDelayMs. */
        handle: (payload: T, ctx: EventContext) => Promise<void>;
        handleBatch?: never;
      }
    | {
        /**
         * Handles the events that arrived together (up to batchMax, gathered for at most BATCH_LINGER_MS), for
         * stores that write many rows in one statement; all are acknowledged or all delivered again.
         */
        handleBatch: (payloads: T[]) => Promise<void>;
        handle?: never;
      }
  );

/** A batch handler gets at most this many events at once (the consumer's pull size, so a full pull is one batch). */
const BATCH_MAX = 64;
/** How long a batch waits for more events before it is handled. */
const BATCH_LINGER_MS = 10;

export interface RunningConsumer {
  /** Stops pulling, lets the event in hand finish, and returns; unacknowledged events stay in the stream. */
  stop(): Promise<void>;
}

/**
 * Runs a durable pull consumer: creates its stream when missing and the consumer (or updates it), then handles events one at a time in order (or
 * in batches, with handleBatch), acknowledging each only after its handler succeeded. A failing handler's event is nak'ed with a delay
 * and retried; an event that is not even JSON, or whose data the database refuses, is terminated (retrying cannot
 * help), and a failing batch is retried event by event so that one bad event holds back no other. Replicas of a service
 * sharing the durable name share the work.
 */
export async function runDurableConsumer<T>(nc: NatsConnection, o: DurableConsumerOptions<T>): Promise<RunningConsumer> {
  const logger = o.logger ?? new Logger(`consumer:${o.durable}`);
  const retryDelayMs = o.retryDelayMs ?? 2000;
  const batchMax = o.batchMax ?? BATCH_MAX;
  const batchesInFlight = Math.max(1, o.batchesInFlight ?? 1);
  // Enough delivered, unacknowledged events for every batch in flight (JetStream's default, 1,000, would hold back the
  // second), and no more: nats-server (2.9) keeps a reply permission per unacknowledged delivery on the connection, and
  // past 4,096 of them scans them all on every delivery (docs/performance.md, statistics).
  const maxAckPending = Math.max(1000, batchMax * batchesInFlight);
  await ensureStream(nc, o.stream);
  const jsm = await nc.jetstreamManager();
  await jsm.consumers
    .add(o.stream.name, {
      durable_name: o.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: o.subject,
      ack_wait: nanos(o.ackWaitMs ?? 30_000),
      max_deliver: -1,
      max_ack_pending: maxAckPending,
    })
    .catch(async (e: Error) => {
      // It exists with other settings (an older release): bring it in line.
      if (!/already in use|exists/i.test(e.message)) throw e;
      await jsm.consumers.update(o.stream.name, o.durable, { filter_subject: o.subject, ack_wait: nanos(o.ackWaitMs ?? 30_000), max_ack_pending: maxAckPending });
    });
  const consumer = await nc.jetstream().consumers.get(o.stream.name, o.durable);
  // Its lag is read from JetStream when metrics are scraped, not counted per message.
  const unwatch = watchConsumer(nc, o.stream.name, o.durable);
  let messages: ConsumerMessages | undefined;
  let stopping = false;

  const parse = (m: JsMsg): T | undefined => {
    try {
      return m.json<T>();
    } catch {
      logger.error(`dropping a message on ${m.subject} that is not JSON`);
      m.term();
      return undefined;
    }
  };
  const failed = (ms: JsMsg[], e: unknown) => {
    // PostgreSQL refusing the event's own data (SQLSTATE class 22: NUL in text, out of range): no retry can help.
    if (ms.length === 1 && /^22/.test(String((e as { code?: unknown }).code ?? ''))) {
      logger.error(`dropping an event on ${ms[0].subject} whose data the database refuses: ${(e as Error).message}`);
      ms[0].term(); // no reason: nats-server before 2.10.4 ignores "+TERM <reason>"
      return;
    }
    logger.warn(`handling ${ms[0].subject} failed (try ${ms[0].info.redeliveryCount}), retrying in ${retryDelayMs} ms: ${(e as Error).message}`);
    for (const m of ms) m.nak(retryDelayMs);
  };

  const handleOne = async (m: JsMsg, handle: (payload: T, ctx: EventContext) => Promise<void>) => {
    const payload = parse(m);
    if (payload === undefined) return;
    try {
      // The handler's log lines and what it sends on carry the id of the request the event came from.
      const scope = { requestId: m.headers?.get(REQUEST_ID_HEADER) || undefined };
      await requestScope.run(scope, () =>
        handle(payload, { subject: m.subject, deliveryCount: m.info.redeliveryCount, msgId: m.headers?.get('Nats-Msg-Id') || undefined }),
      );
      m.ack();
    } catch (e) {
      failed([m], e);
    }
  };

  // Batches are handled one after another (or batchesInFlight at once); events keep arriving into the next one meanwhile.
  let pending: JsMsg[] = [];
  let linger: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  const handle = async (batch: JsMsg[], handleBatch: (payloads: T[]) => Promise<void>) => {
    const parsed = batch.map((m) => ({ m, payload: parse(m) })).filter((x) => x.payload !== undefined);
    if (!parsed.length) return;
    try {
      await handleBatch(parsed.map((x) => x.payload as T));
      for (const x of parsed) x.m.ack();
    } catch (e) {
      if (parsed.length === 1) return failed([parsed[0].m], e);
      // One bad event must not hold back the others: each goes again on its own.
      for (const x of parsed) await handleOne(x.m, (payload) => handleBatch([payload]));
    }
  };
  /**
   * Starts what is pending once a slot is free: waiters take free slots in the order they came and take every event
   * pending by then, so one slot keeps the order and events that arrive meanwhile join the batch.
   */
  const flush = async (handleBatch: (payloads: T[]) => Promise<void>) => {
    clearTimeout(linger);
    linger = undefined;
    while (inFlight.size >= batchesInFlight) await Promise.race(inFlight);
    const batch = pending;
    pending = [];
    if (!batch.length) return;
    const running: Promise<void> = handle(batch, handleBatch).finally(() => inFlight.delete(running));
    inFlight.add(running);
  };
  const take = async (m: JsMsg) => {
    if (o.handle) return handleOne(m, o.handle);
    const handleBatch = o.handleBatch;
    pending.push(m);
    if (pending.length >= batchMax) await flush(handleBatch);
    else linger ??= setTimeout(() => void flush(handleBatch), BATCH_LINGER_MS);
  };

  // consume() keeps pulling across NATS reconnects and consumer restarts; the loop ends on stop().
  const loop = (async () => {
    while (!stopping) {
      try {
        messages = await consumer.consume({ max_messages: batchMax * batchesInFlight });
        for await (const m of messages) await take(m);
      } catch (e) {
        if (stopping) break;
        logger.warn(`consumer stopped unexpectedly, resuming: ${(e as Error).message}`);
        await new Promise((r) => setTimeout(r, retryDelayMs));
      }
    }
  })();

  return {
    async stop() {
      stopping = true;
      unwatch();
      await messages?.close();
      await loop;
      if (o.handleBatch) await flush(o.handleBatch);
      await Promise.all(inFlight);
    },
  };
}

/**
 * Hears every message on a subject in this process, whatever other replicas do (a core NATS subscription
 * with no queue group; JetStream events are delivered to such subscribers too, so a replica can also drop
 * a cache on a domain event). A message that is not JSON reaches the handler as undefined.
 */
export function subscribeBroadcast<T>(nc: NatsConnection, subject: string, handle: (payload: T | undefined) => void): RunningConsumer {
  const sub = nc.subscribe(subject, {
    callback: (_err, msg) => {
      let payload: T | undefined;
      try {
        payload = codec.decode(msg.data) as T;
      } catch {
        payload = undefined;
      }
      handle(payload);
    },
  });
  return { stop: async () => sub.unsubscribe() };
}
