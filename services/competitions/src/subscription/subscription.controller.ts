import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SubscriptionSubject as S, type IdsPayload, type MessagePageQuery, type RpcRequest, type Subscription } from '@cmp/contracts';
import { SubscriptionService } from './subscription.service';

@Controller()
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  @MessagePattern(S.get) get(@Payload() r: RpcRequest) { return this.subscriptions.get(r); }
  @MessagePattern(S.save) save(@Payload() r: RpcRequest<Partial<Subscription>>) { return this.subscriptions.save(r); }
  @MessagePattern(S.messagePage) messagePage(@Payload() r: RpcRequest<MessagePageQuery>) { return this.subscriptions.messagePage(r); }
  @MessagePattern(S.messageDelete) messageDelete(@Payload() r: RpcRequest<IdsPayload>) { return this.subscriptions.delete(r); }
  @MessagePattern(S.messageRead) messageRead(@Payload() r: RpcRequest<IdsPayload>) { return this.subscriptions.markRead(r); }
}
