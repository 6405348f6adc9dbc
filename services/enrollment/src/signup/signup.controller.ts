import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  EnrollmentSubject as S,
  type ApprovedSignupQuery,
  type FactPageQuery,
  type MemberProfile,
  type PageQuery,
  type RpcRequest,
  type SignupCheckPayload,
  type SignupPageQuery,
  type SignUpPayload,
  type Teacher,
} from '@cmp/contracts';
import { SignupAdminService } from './admin.service';
import { SignupService } from './signup.service';

type Id = RpcRequest<{ id: number }>;
type OfCompetition = RpcRequest<{ competitionId: number }>;

/** Sign-ups: the participant's side, then the organisers' (back office) and the public counts. */
@Controller()
export class SignupController {
  constructor(
    private readonly signups: SignupService,
    private readonly admin: SignupAdminService,
  ) {}

  @MessagePattern(S.signUp) signUp(@Payload() r: RpcRequest<SignUpPayload>) { return this.signups.signUp(r); }
  @MessagePattern(S.withdraw) withdraw(@Payload() r: Id) { return this.signups.withdraw(r); }
  @MessagePattern(S.signupPayable) payable(@Payload() r: RpcRequest<{ signupId: number; asOrganiser?: boolean }>) { return this.signups.payable(r); }
  @MessagePattern(S.signupSchool) school(@Payload() r: RpcRequest<{ signupId: number }>) { return this.signups.school(r.payload.signupId); }
  @MessagePattern(S.signupFacts) facts(@Payload() r: RpcRequest<FactPageQuery>) { return this.signups.facts(r.payload); }
  @MessagePattern(S.mySignups) mine(@Payload() r: RpcRequest<{ competitionId?: number }>) { return this.signups.mine(r); }
  @MessagePattern(S.signupGet) get(@Payload() r: Id) { return this.signups.get(r); }
  @MessagePattern(S.copy) copy(@Payload() r: RpcRequest<{ fromId: number; competitionId: number; itemId: number }>) { return this.signups.copy(r); }
  @MessagePattern(S.teachersSave) teachers(@Payload() r: RpcRequest<{ id: number; teachers: Teacher[] }>) { return this.signups.teachersSave(r); }
  @MessagePattern(S.memberProfileSave) memberProfile(@Payload() r: RpcRequest<{ id: number; profile: MemberProfile }>) { return this.signups.memberProfileSave(r); }
  @MessagePattern(S.completeStatus) complete(@Payload() r: Id) { return this.signups.completeStatus(r); }

  @MessagePattern(S.counts) counts(@Payload() r: OfCompetition) { return this.admin.counts(r); }
  @MessagePattern(S.publicMembers) publicMembers(@Payload() r: RpcRequest<{ competitionId: number; itemId?: number } & PageQuery>) { return this.admin.publicMembers(r); }
  @MessagePattern(S.signupPage) page(@Payload() r: RpcRequest<SignupPageQuery>) { return this.admin.page(r); }
  @MessagePattern(S.signupDetail) detail(@Payload() r: Id) { return this.admin.detail(r); }
  @MessagePattern(S.signupCheck) check(@Payload() r: RpcRequest<SignupCheckPayload>) { return this.admin.check(r); }
  @MessagePattern(S.signupIdNumber) idNumber(@Payload() r: RpcRequest<{ id: number; userId: number }>) { return this.admin.idNumber(r); }
  @MessagePattern(S.signupExport) exportRows(@Payload() r: RpcRequest<SignupPageQuery>) { return this.admin.exportRows(r); }
  @MessagePattern(S.approvedPage) approved(@Payload() r: RpcRequest<ApprovedSignupQuery>) { return this.admin.approved(r); }
  @MessagePattern(S.sourceList) sources(@Payload() r: OfCompetition) { return this.admin.sources(r); }
}
