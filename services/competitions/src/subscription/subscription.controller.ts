import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@cmp/common';
import { ErrorCode, SubscriptionSubject, type Identity, type IdsPayload, type MessagePageQuery, type RpcRequest, type Subscription } from '@cmp/contracts';
import { SubscriptionService } from './subscription.service';

const callerOf = (req: RpcRequest): Identity => {
  if (!req.identity) throw new AppError(ErrorCode.LOGIN_EXPIRED, 'auth.expired');
  return req.identity;
};

@Controller()
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  @MessagePattern(SubscriptionSubject.get)
  get(@Payload() req: RpcRequest) {
    return this.subscriptions.get(callerOf(req));
  }

  @MessagePattern(SubscriptionSubject.save)
  save(@Payload() req: RpcRequest<Partial<Subscription>>) {
    return this.subscriptions.save(callerOf(req), req.payload);
  }

  @MessagePattern(SubscriptionSubject.messagePage)
  messagePage(@Payload() req: RpcRequest<MessagePageQuery>) {
    return this.subscriptions.messagePage(callerOf(req), req.payload);
  }

  @MessagePattern(SubscriptionSubject.messageDelete)
  messageDelete(@Payload() req: RpcRequest<IdsPayload>) {
    return this.subscriptions.delete(callerOf(req), req.payload);
  }

  @MessagePattern(SubscriptionSubject.messageRead)
  messageRead(@Payload() req: RpcRequest<IdsPayload>) {
    return this.subscriptions.markRead(callerOf(req), req.payload);
  }
}
