import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExpertSubject as S,
  type ApplicationDecision,
  type ApplicationStatus,
  type ConflictInput,
  type ExpertImportRow,
  type ExpertMessagePayload,
  type ExpertWorkloadQuery,
  type ExpertPageQuery,
  type ExpertSavePayload,
  type ExpertStatus,
  type PageQuery,
  type RecommendationQuery,
  type RecommendPayload,
  type RecruitApplyPayload,
  type RecruitCallInput,
  type RpcRequest,
  type TemporaryExpertsPayload,
} from '@cmp/contracts';
import { ExpertImportService } from './expert-import.service';
import { ExpertSelfService } from './expert-self.service';
import { ExpertService } from './expert.service';
import { RecommendService } from './recommend.service';
import { RecruitService } from './recruit.service';
import { TemporaryExpertService } from './temporary.service';
import { ExpertWorkloadService } from './workload.service';

@Controller()
export class ExpertController {
  constructor(
    private readonly experts: ExpertService,
    private readonly imports: ExpertImportService,
    private readonly self: ExpertSelfService,
    private readonly temporary: TemporaryExpertService,
    private readonly recruit: RecruitService,
    private readonly recommend: RecommendService,
    private readonly workload: ExpertWorkloadService,
  ) {}

  @MessagePattern(S.workload) workloadPage(@Payload() r: RpcRequest<ExpertWorkloadQuery>) { return this.workload.page(r); }
  @MessagePattern(S.reassign) reassign(@Payload() r: RpcRequest<{ id: number }>) { return this.workload.reassign(r); }
  @MessagePattern(S.message) message(@Payload() r: RpcRequest<ExpertMessagePayload>) { return this.workload.message(r); }
  @MessagePattern(S.page) page(@Payload() r: RpcRequest<ExpertPageQuery>) { return this.experts.page(r); }
  @MessagePattern(S.options) options(@Payload() r: RpcRequest) { return this.experts.options(r); }
  @MessagePattern(S.get) get(@Payload() r: RpcRequest<{ id: number }>) { return this.experts.get(r); }
  @MessagePattern(S.save) save(@Payload() r: RpcRequest<ExpertSavePayload>) { return this.experts.save(r); }
  @MessagePattern(S.status) status(@Payload() r: RpcRequest<{ id: number; status: ExpertStatus }>) { return this.experts.setStatus(r); }
  @MessagePattern(S.importCheck) importCheck(@Payload() r: RpcRequest<{ rows: ExpertImportRow[] }>) { return this.imports.check(r); }
  @MessagePattern(S.import) import(@Payload() r: RpcRequest<{ rows: ExpertImportRow[] }>) { return this.imports.import(r); }
  @MessagePattern(S.mine) mine(@Payload() r: RpcRequest) { return this.self.mine(r); }
  @MessagePattern(S.conflictList) conflicts(@Payload() r: RpcRequest) { return this.self.conflicts(r); }
  @MessagePattern(S.conflictSave) conflictSave(@Payload() r: RpcRequest<ConflictInput>) { return this.self.save(r); }
  @MessagePattern(S.conflictDelete) conflictDelete(@Payload() r: RpcRequest<{ id: number }>) { return this.self.delete(r); }
  @MessagePattern(S.temporaryCreate) temporaryCreate(@Payload() r: RpcRequest<TemporaryExpertsPayload>) { return this.temporary.create(r); }
  @MessagePattern(S.recruitPage) recruitPage(@Payload() r: RpcRequest<PageQuery>) { return this.recruit.page(r); }
  @MessagePattern(S.recruitSave) recruitSave(@Payload() r: RpcRequest<RecruitCallInput & { id?: number }>) { return this.recruit.save(r); }
  @MessagePattern(S.recruitClose) recruitClose(@Payload() r: RpcRequest<{ id: number }>) { return this.recruit.close(r); }
  @MessagePattern(S.recruitPublic) recruitPublic(@Payload() r: RpcRequest<{ id: number }>) { return this.recruit.publicCall(r); }
  @MessagePattern(S.recruitApply) recruitApply(@Payload() r: RpcRequest<RecruitApplyPayload>) { return this.recruit.apply(r); }
  @MessagePattern(S.applicationPage) applicationPage(@Payload() r: RpcRequest<PageQuery & { callId: number; status?: ApplicationStatus }>) { return this.recruit.applications(r); }
  @MessagePattern(S.applicationGet) applicationGet(@Payload() r: RpcRequest<{ id: number }>) { return this.recruit.application(r); }
  @MessagePattern(S.applicationDecide) applicationDecide(@Payload() r: RpcRequest<ApplicationDecision>) { return this.recruit.decide(r); }
  @MessagePattern(S.recommendSave) recommendSave(@Payload() r: RpcRequest<RecommendPayload>) { return this.recommend.recommend(r); }
  @MessagePattern(S.recommendPage) recommendPage(@Payload() r: RpcRequest<RecommendationQuery>) { return this.recommend.page(r); }
  @MessagePattern(S.recommendDecide) recommendDecide(@Payload() r: RpcRequest<{ id: number; accept: boolean; note?: string }>) { return this.recommend.decide(r); }
}
