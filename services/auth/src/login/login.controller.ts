import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type FirstLoginPayload, type LoginCodePayload, type LoginCodeSendPayload, type LoginPasswordPayload, type RpcRequest } from '@cmp/contracts';
import { LoginService } from './login.service';

@Controller()
export class LoginController {
  constructor(private readonly login: LoginService) {}

  @MessagePattern(AuthSubject.loginPassword) password(@Payload() r: RpcRequest<LoginPasswordPayload>) { return this.login.loginWithPassword(r); }
  @MessagePattern(AuthSubject.loginFirst) first(@Payload() r: RpcRequest<FirstLoginPayload>) { return this.login.firstLogin(r); }
  @MessagePattern(AuthSubject.loginCodeSend) sendCode(@Payload() r: RpcRequest<LoginCodeSendPayload>) { return this.login.sendCode(r); }
  @MessagePattern(AuthSubject.loginCode) code(@Payload() r: RpcRequest<LoginCodePayload>) { return this.login.loginWithCode(r); }
  @MessagePattern(AuthSubject.logout) logout(@Payload() r: RpcRequest) { return this.login.logout(r); }
}
