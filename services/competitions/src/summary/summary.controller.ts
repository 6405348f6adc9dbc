import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CompetitionsSubject as S,
  type RpcRequest,
  type SummaryRecordQuery,
  type SummaryRequirementQuery,
  type SummaryReviewPayload,
  type SummarySavePayload,
  type SummarySubmissionQuery,
  type SummarySubmitPayload,
  type SummaryTaskQuery,
} from '@cmp/contracts';
import { SummaryService } from './summary.service';

@Controller()
export class SummaryController {
  constructor(private readonly summaries: SummaryService) {}

  @MessagePattern(S.summaryPage) page(@Payload() r: RpcRequest<SummaryRequirementQuery>) { return this.summaries.page(r); }
  @MessagePattern(S.summarySave) save(@Payload() r: RpcRequest<SummarySavePayload>) { return this.summaries.save(r); }
  @MessagePattern(S.summaryDelete) remove(@Payload() r: RpcRequest<{ id: number }>) { return this.summaries.remove(r); }
  @MessagePattern(S.summaryRecords) records(@Payload() r: RpcRequest<SummaryRecordQuery>) { return this.summaries.records(r); }
  @MessagePattern(S.summaryRemind) remind(@Payload() r: RpcRequest<{ id: number }>) { return this.summaries.remind(r); }
  @MessagePattern(S.summaryReview) review(@Payload() r: RpcRequest<SummaryReviewPayload>) { return this.summaries.review(r); }
  @MessagePattern(S.summarySubmissions) submissions(@Payload() r: RpcRequest<SummarySubmissionQuery>) { return this.summaries.submissions(r); }
  @MessagePattern(S.summaryTasks) tasks(@Payload() r: RpcRequest<SummaryTaskQuery>) { return this.summaries.tasks(r); }
  @MessagePattern(S.summarySubmit) submit(@Payload() r: RpcRequest<SummarySubmitPayload>) { return this.summaries.submit(r); }
  @MessagePattern(S.summaryFile) file(@Payload() r: RpcRequest<{ requirementId?: number; submissionId?: number }>) { return this.summaries.file(r); }
}
