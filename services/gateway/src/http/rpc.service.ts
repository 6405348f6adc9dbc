import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { RPC, type NatsRpcClient } from '@cmp/common';
import type { Ctx } from './request-context';

/** Forwards a call to a service over NATS with the caller's identity and request metadata. */
@Injectable()
export class RpcService implements OnApplicationShutdown {
  constructor(@Inject(RPC) private readonly client: NatsRpcClient) {}

  call<T>(ctx: Ctx, subject: string, payload: unknown = {}): Promise<T> {
    return this.client.request<T>(subject, { identity: ctx.identity, meta: ctx.meta, payload });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
