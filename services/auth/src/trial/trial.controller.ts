import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthSubject,
  type LoginCodeSendPayload,
  type RpcRequest,
  type TrialApplyPayload,
  type TrialConvertPayload,
  type TrialNotePayload,
  type TrialPageQuery,
} from '@cmp/contracts';
import { TrialService } from './trial.service';

@Controller()
export class TrialController {
  constructor(private readonly trials: TrialService) {}

  @MessagePattern(AuthSubject.trialCodeSend) sendCode(@Payload() r: RpcRequest<LoginCodeSendPayload>) { return this.trials.sendCode(r); }
  @MessagePattern(AuthSubject.trialSave) save(@Payload() r: RpcRequest<TrialApplyPayload>) { return this.trials.save(r); }
  @MessagePattern(AuthSubject.trialPage) page(@Payload() r: RpcRequest<TrialPageQuery>) { return this.trials.page(r); }
  @MessagePattern(AuthSubject.trialNote) note(@Payload() r: RpcRequest<TrialNotePayload>) { return this.trials.note(r); }
  @MessagePattern(AuthSubject.trialConvert) convert(@Payload() r: RpcRequest<TrialConvertPayload>) { return this.trials.convert(r); }
}
