import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentSubject as S, type RpcRequest } from '@cmp/contracts';
import { NotifyService } from './notify.service';

@Controller()
export class NotifyController {
  constructor(private readonly notify: NotifyService) {}

  @MessagePattern(S.notify) receive(@Payload() r: RpcRequest<Record<string, string>>) { return this.notify.answer(r); }
}
