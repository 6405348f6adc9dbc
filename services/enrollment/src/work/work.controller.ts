import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EnrollmentSubject as S, type RpcRequest, type WorkFileAddPayload, type WorkPageQuery, type WorkSavePayload } from '@cmp/contracts';
import { WorkService } from './work.service';

type Id = RpcRequest<{ id: number }>;
type OfCompetition = RpcRequest<{ competitionId: number }>;

/** Works: the team's side, the public and shared views, then the organisers'. */
@Controller()
export class WorkController {
  constructor(private readonly works: WorkService) {}

  @MessagePattern(S.workSave) save(@Payload() r: RpcRequest<WorkSavePayload>) { return this.works.save(r); }
  @MessagePattern(S.workSubmit) submit(@Payload() r: Id) { return this.works.submit(r); }
  @MessagePattern(S.workWithdraw) withdraw(@Payload() r: Id) { return this.works.withdraw(r); }
  @MessagePattern(S.workGet) get(@Payload() r: Id) { return this.works.get(r); }
  @MessagePattern(S.workMine) mine(@Payload() r: RpcRequest) { return this.works.mine(r); }
  @MessagePattern(S.workUploadPolicy) uploadPolicy(@Payload() r: RpcRequest<{ workId: number }>) { return this.works.uploadPolicy(r); }
  @MessagePattern(S.workFileAdd) fileAdd(@Payload() r: RpcRequest<WorkFileAddPayload>) { return this.works.fileAdd(r); }
  @MessagePattern(S.workFileDelete) fileDelete(@Payload() r: RpcRequest<{ workId: number; fileId: number }>) { return this.works.fileDelete(r); }
  @MessagePattern(S.workFileAccess) fileAccess(@Payload() r: RpcRequest<{ fileId: number; shareId?: string }>) { return this.works.fileAccess(r); }
  @MessagePattern(S.workByShareId) byShare(@Payload() r: RpcRequest<{ shareId: string }>) { return this.works.byShareId(r); }
  @MessagePattern(S.workPublicDetail) publicDetail(@Payload() r: Id) { return this.works.publicDetail(r); }

  @MessagePattern(S.workPage) page(@Payload() r: RpcRequest<WorkPageQuery>) { return this.works.page(r); }
  @MessagePattern(S.workDetail) detail(@Payload() r: Id) { return this.works.detail(r); }
  @MessagePattern(S.workPublication) publication(@Payload() r: OfCompetition) { return this.works.publication(r); }
  @MessagePattern(S.workReviewCandidates) reviewCandidates(@Payload() r: RpcRequest<{ competitionId: number; itemIds: number[] }>) { return this.works.reviewCandidates(r); }
  @MessagePattern(S.workPublish) publish(@Payload() r: RpcRequest<{ competitionId: number; published: boolean }>) { return this.works.publish(r); }
}
