import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { randomUUID } from 'node:crypto';
import { Server, type Namespace } from 'socket.io';
import { ConsumeEvent, createRedis, redisKey, RPC, type NatsRpcClient, type Redis } from '@cmp/common';
import {
  DEFAULT_LANG,
  EventConsumer,
  EventStream,
  EventSubject,
  KioskWire,
  ReviewSubject,
  SCREEN_RECOVERY_MS,
  type KioskIdentity,
  type RoomChangedEvent,
} from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { metrics } from '../metrics';
import { KioskVoice } from './voice';

const roomChannel = (roomId: number) => `room:${roomId}`;
const deviceChannel = (deviceId: number) => `device:${deviceId}`;

/**
 * Live queue changes for the venue screens. review.scene.changed comes from JetStream (one gateway replica takes each
 * event, in order) and goes to the room's socket.io channel; @socket.io/redis-streams-adapter carries it to the
 * screens connected to other replicas and keeps it for connection-state recovery (2 min). Recovery is an optimisation:
 * every event carries the room's seq, and a screen that sees a gap, reconnects without recovery or wakes up fetches
 * the room's state over HTTP (GET /kiosk/rooms).
 */
@Injectable()
export class KioskRealtime implements OnModuleInit, OnApplicationShutdown {
  private io?: Server;
  private redis?: Redis;
  /** Set up before any event consumer starts (those start after bootstrap). */
  private kiosks!: Namespace;

  constructor(
    private readonly host: HttpAdapterHost,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly voices: KioskVoice,
  ) {}

  onModuleInit(): void {
    // The adapter blocks on XREAD: it gets its own connection.
    this.redis = createRedis(this.config, 'gateway-socket', { prefixed: false });
    this.io = new Server(this.host.httpAdapter.getHttpServer(), {
      path: KioskWire.path,
      serveClient: false,
      // The adapter names its stream itself: the deployment's prefix goes in the name.
      adapter: createAdapter(this.redis, { streamName: redisKey(this.config, 'socket.io') }),
      connectionStateRecovery: { maxDisconnectionDuration: SCREEN_RECOVERY_MS, skipMiddlewares: false },
      cors: { origin: this.config.corsOrigins },
    });
    const kiosks = this.io.of(KioskWire.namespace);
    kiosks.use((socket, next) => {
      // Every connection, a recovered one too, shows a live device token: a revoked kiosk is refused.
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
      this.rpc
        .request<KioskIdentity>(ReviewSubject.kioskAuth, { meta: { requestId: randomUUID(), ip: socket.handshake.address, lang: DEFAULT_LANG }, payload: { token } })
        .then((device) => {
          socket.data.device = device;
          next();
        })
        .catch((e: Error & { code?: number }) => next(Object.assign(new Error(KioskWire.denied), { data: { code: e.code ?? 401 } })));
    });
    const ns = { namespace: KioskWire.namespace };
    kiosks.on('connection', (socket) => {
      const device = socket.data.device as KioskIdentity;
      metrics.kioskSockets.inc(ns);
      socket.once('disconnect', () => metrics.kioskSockets.dec(ns));
      if (socket.recovered) metrics.kioskRecovered.inc(ns);
      else void socket.join([deviceChannel(device.deviceId), ...device.roomIds.map(roomChannel)]);
    });
    metrics.kioskSockets.set(ns, 0);
    this.kiosks = kiosks;
  }

  // A replica killed with an event in hand: another one (or this one, back) sends it within seconds.
  @ConsumeEvent({ stream: EventStream.scene, durable: EventConsumer.gatewayScene, subject: EventSubject.sceneChanged, ackWaitMs: 3000, retryDelayMs: 200 })
  async relayChange(e: RoomChangedEvent): Promise<void> {
    this.voices.renderAhead(e);
    this.kiosks.to(roomChannel(e.state.roomId)).emit(KioskWire.roomEvent, e);
    metrics.kioskEmitted.inc({ namespace: KioskWire.namespace, event: KioskWire.roomEvent });
  }

  @ConsumeEvent({ stream: EventStream.scene, durable: EventConsumer.gatewayKioskRevoked, subject: EventSubject.kioskRevoked })
  async dropRevoked({ deviceId }: { deviceId: number }): Promise<void> {
    this.kiosks.to(deviceChannel(deviceId)).emit(KioskWire.revokedEvent);
    metrics.kioskEmitted.inc({ namespace: KioskWire.namespace, event: KioskWire.revokedEvent });
    this.kiosks.in(deviceChannel(deviceId)).disconnectSockets(true);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
    this.redis?.disconnect();
  }
}
