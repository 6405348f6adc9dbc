import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthSubject,
  type LoginCodePayload,
  type LoginCodeSendPayload,
  type LoginPasswordPayload,
  type LoginReply,
  type RpcRequest,
} from '@cmp/contracts';
import { callerOf } from '../access/access.service';
import { SessionService } from '../session/session.service';
import { LoginService } from './login.service';

@Controller()
export class LoginController {
  constructor(
    private readonly login: LoginService,
    private readonly sessions: SessionService,
  ) {}

  @MessagePattern(AuthSubject.loginPassword)
  password(@Payload() req: RpcRequest<LoginPasswordPayload>): Promise<LoginReply> {
    return this.login.loginWithPassword(req.payload, req.meta);
  }

  @MessagePattern(AuthSubject.loginCodeSend)
  async sendCode(@Payload() req: RpcRequest<LoginCodeSendPayload>): Promise<null> {
    await this.login.sendCode(req.payload, req.meta);
    return null;
  }

  @MessagePattern(AuthSubject.loginCode)
  code(@Payload() req: RpcRequest<LoginCodePayload>): Promise<LoginReply> {
    return this.login.loginWithCode(req.payload, req.meta);
  }

  @MessagePattern(AuthSubject.logout)
  async logout(@Payload() req: RpcRequest): Promise<null> {
    await this.sessions.close(callerOf(req));
    return null;
  }
}
