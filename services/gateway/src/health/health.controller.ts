import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Redis } from '@cmp/common';
import { AuthSubject, CertificatesSubject, CompetitionsSubject, EnrollmentSubject, ErrorCode, PaymentSubject, ReviewSubject, translate, type Envelope } from '@cmp/contracts';
import { Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { REDIS } from '../redis.provider';

type Check = 'ok' | 'down';

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
    const probe = (p: Promise<unknown>): Promise<Check> => p.then(() => 'ok' as const, () => 'down' as const);
    const checks = {
      redis: await probe(this.redis.ping()),
      auth: await probe(this.rpc.call(ctx, AuthSubject.health)),
      competitions: await probe(this.rpc.call(ctx, CompetitionsSubject.health)),
      enrollment: await probe(this.rpc.call(ctx, EnrollmentSubject.health)),
      certificates: await probe(this.rpc.call(ctx, CertificatesSubject.health)),
      review: await probe(this.rpc.call(ctx, ReviewSubject.health)),
      payment: await probe(this.rpc.call(ctx, PaymentSubject.health)),
    };
    const healthy = Object.values(checks).every((c) => c === 'ok');
    const code = healthy ? ErrorCode.OK : ErrorCode.SERVICE_UNAVAILABLE;
    const body: Envelope = {
      code,
      msg: healthy ? translate('ok', ctx.meta.lang) : translate('error.serviceUnavailable', ctx.meta.lang, { service: Object.keys(checks).filter((k) => checks[k as keyof typeof checks] === 'down').join(', ') }),
      data: { status: healthy ? 'ok' : 'degraded', checks },
    };
    void reply.status(healthy ? 200 : 503).send(body);
  }
}
