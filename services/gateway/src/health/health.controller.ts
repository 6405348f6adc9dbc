import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Redis } from '@cmp/common';
import { AuthSubject, CertificatesSubject, CompetitionsSubject, EnrollmentSubject, ErrorCode, PaymentSubject, ReviewSubject, StatisticsSubject, translate, type Envelope } from '@cmp/contracts';
import { Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { REDIS } from '../redis.provider';

export type Check = 'ok' | 'down';

const SERVICE_HEALTH = [
  ['auth', AuthSubject.health],
  ['competitions', CompetitionsSubject.health],
  ['enrollment', EnrollmentSubject.health],
  ['certificates', CertificatesSubject.health],
  ['review', ReviewSubject.health],
  ['payment', PaymentSubject.health],
  ['statistics', StatisticsSubject.health],
] as const;

/** Redis and every service, each asked once (a service answers its health subject when its database does). */
export async function platformChecks(rpc: RpcService, redis: Redis, ctx: Ctx): Promise<Record<string, Check>> {
  const probe = (p: Promise<unknown>): Promise<Check> => p.then(() => 'ok' as const, () => 'down' as const);
  const [redisCheck, ...services] = await Promise.all([
    probe(redis.ping()),
    ...SERVICE_HEALTH.map(([, subject]) => probe(rpc.call(ctx, subject))),
  ]);
  return { redis: redisCheck, ...Object.fromEntries(SERVICE_HEALTH.map(([name], i) => [name, services[i]])) };
}

@ApiTags('ops')
@Controller()
export class HealthController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** 200 when Redis and every service answer; 503 with the failing parts otherwise. */
  @Get('health')
  @Public()
  async health(@RequestCtx() ctx: Ctx, @Res() reply: FastifyReply): Promise<void> {
    const checks = await platformChecks(this.rpc, this.redis, ctx);
    const healthy = Object.values(checks).every((c) => c === 'ok');
    const code = healthy ? ErrorCode.OK : ErrorCode.SERVICE_UNAVAILABLE;
    const body: Envelope = {
      code,
      msg: healthy ? translate('ok', ctx.meta.lang) : translate('error.serviceUnavailable', ctx.meta.lang, { service: Object.keys(checks).filter((k) => checks[k] === 'down').join(', ') }),
      data: { status: healthy ? 'ok' : 'degraded', checks },
    };
    void reply.status(healthy ? 200 : 503).send(body);
  }
}
