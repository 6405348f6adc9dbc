import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentSubject as S, type RpcRequest } from '@cmp/contracts';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @MessagePattern(S.settingsGet) get(@Payload() r: RpcRequest<{ groupId?: number }>) { return this.settings.get(r); }
  @MessagePattern(S.settingsSave) save(@Payload() r: RpcRequest<{ groupId?: number; refundApprovalFen: number }>) { return this.settings.save(r); }
}
