import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  EnrollmentSubject as S,
  type ApprovedSignupQuery,
  type BankCardSavePayload,
  type MemberProfile,
  type PageQuery,
  type RpcRequest,
  type SignupCheckPayload,
  type SignupPageQuery,
  type SignUpPayload,
  type Teacher,
  type WorkFileAddPayload,
  type WorkPageQuery,
  type WorkSavePayload,
} from '@cmp/contracts';
import { BankCardService } from '../bank-card/bank-card.service';
import { CentreService } from '../centre/centre.service';
import { WorkService } from '../work/work.service';
import { SignupAdminService } from './admin.service';
import { SignupService } from './signup.service';

type Id = RpcRequest<{ id: number }>;
type OfCompetition = RpcRequest<{ competitionId: number }>;

@Controller()
export class EnrollmentController {
  constructor(
    private readonly signups: SignupService,
    private readonly admin: SignupAdminService,
    private readonly works: WorkService,
    private readonly centre: CentreService,
    private readonly bankCards: BankCardService,
  ) {}

  @MessagePattern(S.signUp) signUp(@Payload() r: RpcRequest<SignUpPayload>) { return this.signups.signUp(r); }
  @MessagePattern(S.withdraw) withdraw(@Payload() r: Id) { return this.signups.withdraw(r); }
  @MessagePattern(S.mySignups) mine(@Payload() r: RpcRequest<{ competitionId?: number }>) { return this.signups.mine(r); }
  @MessagePattern(S.signupGet) get(@Payload() r: Id) { return this.signups.get(r); }
  @MessagePattern(S.copy) copy(@Payload() r: RpcRequest<{ fromId: number; competitionId: number; itemId: number }>) { return this.signups.copy(r); }
  @MessagePattern(S.teachersSave) teachers(@Payload() r: RpcRequest<{ id: number; teachers: Teacher[] }>) { return this.signups.teachersSave(r); }
  @MessagePattern(S.teamInvite) invite(@Payload() r: Id) { return this.signups.invite(r); }
  @MessagePattern(S.teamJoin) join(@Payload() r: RpcRequest<{ inviteCode: string; profile?: MemberProfile }>) { return this.signups.join(r); }
  @MessagePattern(S.teamLeave) leave(@Payload() r: Id) { return this.signups.leave(r); }
  @MessagePattern(S.teamRemoveMember) removeMember(@Payload() r: RpcRequest<{ id: number; userId: number }>) { return this.signups.removeMember(r); }
  @MessagePattern(S.teamTransfer) transfer(@Payload() r: RpcRequest<{ id: number; userId: number }>) { return this.signups.transfer(r); }
  @MessagePattern(S.teamDissolve) dissolve(@Payload() r: Id) { return this.signups.dissolve(r); }
  @MessagePattern(S.teamMembers) members(@Payload() r: RpcRequest<{ id?: number; inviteCode?: string }>) { return this.signups.members(r); }
  @MessagePattern(S.memberProfileSave) memberProfile(@Payload() r: RpcRequest<{ id: number; profile: MemberProfile }>) { return this.signups.memberProfileSave(r); }
  @MessagePattern(S.completeStatus) complete(@Payload() r: Id) { return this.signups.completeStatus(r); }
  @MessagePattern(S.profileGet) profile(@Payload() r: RpcRequest) { return this.centre.profile(r); }
  @MessagePattern(S.profileSave) saveProfile(@Payload() r: RpcRequest<MemberProfile>) { return this.centre.saveProfile(r); }
  @MessagePattern(S.centre) centreData(@Payload() r: RpcRequest) { return this.centre.centre(r); }
  @MessagePattern(S.messagePage) messages(@Payload() r: RpcRequest<PageQuery>) { return this.centre.messages(r); }
  @MessagePattern(S.messageRead) read(@Payload() r: RpcRequest<{ ids?: number[] }>) { return this.centre.read(r); }
  @MessagePattern(S.bankCardGet) bankCard(@Payload() r: RpcRequest) { return this.bankCards.get(r); }
  @MessagePattern(S.bankCardSave) saveBankCard(@Payload() r: RpcRequest<BankCardSavePayload>) { return this.bankCards.save(r); }
  @MessagePattern(S.bankCardDelete) deleteBankCard(@Payload() r: RpcRequest) { return this.bankCards.remove(r); }

  @MessagePattern(S.workSave) saveWork(@Payload() r: RpcRequest<WorkSavePayload>) { return this.works.save(r); }
  @MessagePattern(S.workSubmit) submitWork(@Payload() r: Id) { return this.works.submit(r); }
  @MessagePattern(S.workWithdraw) withdrawWork(@Payload() r: Id) { return this.works.withdraw(r); }
  @MessagePattern(S.workGet) getWork(@Payload() r: Id) { return this.works.get(r); }
  @MessagePattern(S.workMine) myWorks(@Payload() r: RpcRequest) { return this.works.mine(r); }
  @MessagePattern(S.workUploadPolicy) uploadPolicy(@Payload() r: RpcRequest<{ workId: number }>) { return this.works.uploadPolicy(r); }
  @MessagePattern(S.workFileAdd) fileAdd(@Payload() r: RpcRequest<WorkFileAddPayload>) { return this.works.fileAdd(r); }
  @MessagePattern(S.workFileDelete) fileDelete(@Payload() r: RpcRequest<{ workId: number; fileId: number }>) { return this.works.fileDelete(r); }
  @MessagePattern(S.workFileAccess) fileAccess(@Payload() r: RpcRequest<{ fileId: number; shareId?: string }>) { return this.works.fileAccess(r); }
  @MessagePattern(S.workByShareId) byShare(@Payload() r: RpcRequest<{ shareId: string }>) { return this.works.byShareId(r); }
  @MessagePattern(S.workPublicDetail) publicWork(@Payload() r: Id) { return this.works.publicDetail(r); }

  @MessagePattern(S.counts) counts(@Payload() r: OfCompetition) { return this.admin.counts(r); }
  @MessagePattern(S.publicMembers) publicMembers(@Payload() r: RpcRequest<{ competitionId: number; itemId?: number } & PageQuery>) { return this.admin.publicMembers(r); }
  @MessagePattern(S.signupPage) page(@Payload() r: RpcRequest<SignupPageQuery>) { return this.admin.page(r); }
  @MessagePattern(S.signupDetail) detail(@Payload() r: Id) { return this.admin.detail(r); }
  @MessagePattern(S.signupCheck) check(@Payload() r: RpcRequest<SignupCheckPayload>) { return this.admin.check(r); }
  @MessagePattern(S.signupExport) exportRows(@Payload() r: RpcRequest<SignupPageQuery>) { return this.admin.exportRows(r); }
  @MessagePattern(S.approvedPage) approved(@Payload() r: RpcRequest<ApprovedSignupQuery>) { return this.admin.approved(r); }
  @MessagePattern(S.sourceList) sources(@Payload() r: OfCompetition) { return this.admin.sources(r); }
  @MessagePattern(S.workPage) workPage(@Payload() r: RpcRequest<WorkPageQuery>) { return this.works.page(r); }
  @MessagePattern(S.workDetail) workDetail(@Payload() r: Id) { return this.works.detail(r); }
  @MessagePattern(S.workPublication) publication(@Payload() r: OfCompetition) { return this.works.publication(r); }
  @MessagePattern(S.workPublish) publish(@Payload() r: RpcRequest<{ competitionId: number; published: boolean }>) { return this.works.publish(r); }
}
