import { Inject, Injectable, SetMetadata, type OnModuleInit } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RPC, subscribeBroadcast, type NatsRpcClient } from '@cmp/common';
import { PUBLIC_CACHE_INVALIDATED } from '@cmp/contracts';
import { metrics } from '../metrics';
import { metaOf, type Ctx } from './request-context';
import { routesOf } from './routes';
import { RpcService } from './rpc.service';

const CACHED_READ = 'cmp:cached-read';
/** Marks a public GET whose answer PublicCache keeps (its handler reads through PublicCache.call). */
export const CachedRead = () => SetMetadata(CACHED_READ, true);

/** The paths of the marked routes, as Fastify matches them. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const cachedReadPaths = (controllers: Function[], prefix: string): string[] =>
  routesOf(controllers, prefix)
    .filter((r) => r.method === 'GET' && Reflect.getMetadata(CACHED_READ, r.handler))
    .map((r) => r.path);

/** How long an answer lives if no invalidation reaches this gateway (a missed broadcast heals by then). */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Answers of public reads (what every visitor of a public site asks for), kept in this gateway's memory.
 * Organisers' changes broadcast PUBLIC_CACHE_INVALIDATED on NATS and every gateway drops everything:
 * changes are rare next to reads, so dropping all is simpler than tracking keys and just as fast.
 * Concurrent misses of one key share one request; failures are not kept.
 */
@Injectable()
export class PublicCache implements OnModuleInit {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  /** Whole response bodies of the same reads by URL, host and language: a hit skips Nest entirely. */
  private readonly bodies = new Map<string, { expires: number; body: string }>();
  /** Bumped on every invalidation, so an answer computed before one is never kept after it. */
  private generation = 0;

  constructor(
    private readonly rpc: RpcService,
    @Inject(RPC) private readonly nats: NatsRpcClient,
  ) {}

  onModuleInit(): void {
    subscribeBroadcast(this.nats.connection, PUBLIC_CACHE_INVALIDATED, () => {
      this.generation += 1;
      this.entries.clear();
      this.bodies.clear();
    });
  }

  /**
   * The Fastify side: a GET of a cached read whose body is kept is answered before routing reaches Nest
   * (rate limit, security headers, request id and metrics hooks still run); a successful answer is kept.
   */
  register(fastify: FastifyInstance, paths: readonly string[]): void {
    const cacheable = new Set(paths);
    const keyOf = (req: FastifyRequest) => `${req.url} ${req.hostname} ${metaOf(req).lang}`;
    fastify.addHook('preHandler', (req, reply, done) => {
      if (req.method !== 'GET' || !cacheable.has(req.routeOptions.url ?? '')) return done();
      (req as FastifyRequest & { cacheGeneration?: number }).cacheGeneration = this.generation;
      const hit = this.bodies.get(keyOf(req));
      if (!hit || hit.expires <= Date.now()) return done();
      metrics.publicCache.inc({ result: 'hit' });
      void reply.type('application/json; charset=utf-8').send(hit.body);
    });
    fastify.addHook('onSend', (req, reply, payload, done) => {
      const generation = (req as FastifyRequest & { cacheGeneration?: number }).cacheGeneration;
      if (generation === this.generation && reply.statusCode === 200 && typeof payload === 'string' && payload.startsWith('{"code":0,')) {
        if (this.bodies.size >= MAX_ENTRIES) this.bodies.delete(this.bodies.keys().next().value!);
        this.bodies.set(keyOf(req), { expires: Date.now() + TTL_MS, body: payload });
      }
      done(null, payload);
    });
  }

  /** A public read, answered from memory when it can be. Identity is left out: the answer is the same for all. */
  call<T>(ctx: Ctx, subject: string, payload: object): Promise<T> {
    return this.keep(`${subject} ${JSON.stringify(payload)}`, () => this.rpc.call<T>({ meta: ctx.meta }, subject, payload));
  }

  /** What is made of public reads alone (a page rendered on the server), kept as they are and dropped with them. */
  keep<T>(key: string, make: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      metrics.publicCache.inc({ result: 'hit' });
      return hit.value as Promise<T>;
    }
    metrics.publicCache.inc({ result: 'miss' });
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const value = make();
    this.entries.set(key, { expires: now + TTL_MS, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }
}
