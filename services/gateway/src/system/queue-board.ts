import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bullOptions, type Redis } from '@cmp/common';
import { CertificateQueue, ErrorCode, httpStatusOf, isRoot, PaymentQueue, ReviewQueue, StatisticsQueue, translate, type JobQueueCounts, type MessageKey } from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { metaOf, type GatewayRequest } from '../http/request-context';
import type { Sessions } from '../http/sessions';

/** Where the board is served: under the API's prefix, so the web app's proxy reaches it as it reaches the API. */
export const QUEUE_BOARD_PATH = '/prod-api/queues';
/** The cookie that carries a ROOT administrator's token to the queue board (a page the browser opens, without headers). */
export const QUEUE_BOARD_COOKIE = 'cmp_queue_board';
/** Every BullMQ queue of the platform: the workers' (certificates, review, payment, statistics). */
const QUEUE_NAMES = [CertificateQueue.name, ReviewQueue.name, PaymentQueue.name, StatisticsQueue.name];
/** Every mutation made on the board is one kind of entry in the operation log; its address says which. */
export const QUEUE_BOARD_ACTION = 'system: job queues / board action';

/** The platform's queues as seen from the gateway: counts for the back office and the board's data. */
@Injectable()
export class PlatformQueues implements OnModuleDestroy {
  private readonly connection: Redis;
  readonly queues: Queue[];

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    // The deployment's own queues (REDIS_PREFIX), as its workers see them.
    const { connection, prefix } = bullOptions(config);
    this.connection = connection;
    this.queues = QUEUE_NAMES.map((name) => new Queue(name, { connection, prefix }));
  }

  async counts(): Promise<JobQueueCounts[]> {
    return Promise.all(
      this.queues.map(async (q) => {
        const c = await q.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed', 'paused');
        return { name: q.name, waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0, completed: c.completed ?? 0, paused: c.paused ?? 0 };
      }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.queues.map((q) => q.close().catch(() => undefined)));
    this.connection.disconnect();
  }
}

/**
 * bull-board at QUEUE_BOARD_PATH, for ROOT administrators only: the back office's 任务队列 page sets the cookie
 * (POST system/queues/board-session) and links here. Every request of the board, its assets included, is checked
 * against the live session, so signing out closes the board too. Mutations (retry, clean, promote) are recorded
 * in the operation log under one title.
 */
export async function registerQueueBoard(fastify: FastifyInstance, queues: PlatformQueues, sessions: Sessions, titles: Map<string, string>): Promise<void> {
  const adapter = new FastifyAdapter();
  createBullBoard({
    queues: queues.queues.map((q) => new BullMQAdapter(q)),
    serverAdapter: adapter,
    // In the platform's default language; the board's settings switch it (English among others).
    options: { uiConfig: { boardTitle: '任务队列', locale: { lng: 'zh-CN' }, hideDocsLink: true, miscLinks: [{ text: '返回后台 Back office', url: '/system/queues' }] } },
  });
  const basePath = QUEUE_BOARD_PATH;
  adapter.setBasePath(basePath);
  fastify.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (!route.url.startsWith(basePath)) return;
    for (const m of methods) if (m !== 'GET' && m !== 'HEAD') titles.set(`${m} ${route.url}`, QUEUE_BOARD_ACTION);
  });
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      const token = cookieOf(req.headers.cookie, QUEUE_BOARD_COOKIE);
      const identity = token ? await sessions.identityOf(token).catch(() => undefined) : undefined;
      if (!identity) return refuse(req, reply, ErrorCode.LOGIN_EXPIRED, 'auth.expired');
      if (!isRoot(identity)) return refuse(req, reply, ErrorCode.NO_ACCESS, 'auth.noAccess');
      (req as GatewayRequest).identity = identity;
    });
    await scope.register(adapter.registerPlugin(), { prefix: basePath });
  });
}

function refuse(req: FastifyRequest, reply: FastifyReply, code: number, key: MessageKey): FastifyReply {
  const msg = translate(key, metaOf(req).lang);
  (req as GatewayRequest).outcome = { code, msg };
  return reply.status(httpStatusOf(code)).header('content-type', 'application/json; charset=utf-8').send({ code, msg, data: null });
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
