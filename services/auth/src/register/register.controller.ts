import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type LoginCodeSendPayload, type RegisterPayload, type RetrievePayload, type RpcRequest } from '@cmp/contracts';
import { RegisterService } from './register.service';

@Controller()
export class RegisterController {
  constructor(private readonly register: RegisterService) {}

  @MessagePattern(AuthSubject.registerGroups) groups() { return this.register.groups(); }
  @MessagePattern(AuthSubject.registerCodeSend) sendRegisterCode(@Payload() r: RpcRequest<LoginCodeSendPayload>) { return this.register.sendRegisterCode(r); }
  @MessagePattern(AuthSubject.register) submit(@Payload() r: RpcRequest<RegisterPayload>) { return this.register.register(r); }
  @MessagePattern(AuthSubject.retrieveCodeSend) sendRetrieveCode(@Payload() r: RpcRequest<LoginCodeSendPayload>) { return this.register.sendRetrieveCode(r); }
  @MessagePattern(AuthSubject.retrieve) reset(@Payload() r: RpcRequest<RetrievePayload>) { return this.register.retrieve(r); }
}
