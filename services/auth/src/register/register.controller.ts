import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type LoginCodeSendPayload, type RegisterPayload, type RetrievePayload, type RpcRequest } from '@cmp/contracts';
import { RegisterService } from './register.service';

@Controller()
export class RegisterController {
  constructor(private readonly register: RegisterService) {}

  @MessagePattern(AuthSubject.registerGroups)
  groups() {
    return this.register.groups();
  }

  @MessagePattern(AuthSubject.registerCodeSend)
  async sendRegisterCode(@Payload() req: RpcRequest<LoginCodeSendPayload>): Promise<null> {
    await this.register.sendRegisterCode(req.payload, req.meta);
    return null;
  }

  @MessagePattern(AuthSubject.register)
  submit(@Payload() req: RpcRequest<RegisterPayload>) {
    return this.register.register(req.payload, req.meta);
  }

  @MessagePattern(AuthSubject.retrieveCodeSend)
  async sendRetrieveCode(@Payload() req: RpcRequest<LoginCodeSendPayload>): Promise<null> {
    await this.register.sendRetrieveCode(req.payload, req.meta);
    return null;
  }

  @MessagePattern(AuthSubject.retrieve)
  reset(@Payload() req: RpcRequest<RetrievePayload>): Promise<null> {
    return this.register.retrieve(req.payload, req.meta);
  }
}
