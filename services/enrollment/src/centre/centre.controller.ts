import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EnrollmentSubject as S, type MemberProfile, type PageQuery, type RpcRequest, type SiteMessage } from '@cmp/contracts';
import { CentreService } from './centre.service';

/** The personal centre: saved details, the overview and site messages. */
@Controller()
export class CentreController {
  constructor(private readonly centre: CentreService) {}

  @MessagePattern(S.profileGet) profile(@Payload() r: RpcRequest) { return this.centre.profile(r); }
  @MessagePattern(S.profileSave) saveProfile(@Payload() r: RpcRequest<MemberProfile>) { return this.centre.saveProfile(r); }
  @MessagePattern(S.centre) overview(@Payload() r: RpcRequest) { return this.centre.centre(r); }
  @MessagePattern(S.myAwards) awards(@Payload() r: RpcRequest<PageQuery>) { return this.centre.awards(r); }
  @MessagePattern(S.messagePage) messages(@Payload() r: RpcRequest<PageQuery>) { return this.centre.messages(r); }
  @MessagePattern(S.messageRead) read(@Payload() r: RpcRequest<{ ids?: number[] }>) { return this.centre.read(r); }
  @MessagePattern(S.messageSend) send(@Payload() r: RpcRequest<SiteMessage>) { return this.centre.send(r); }
}
