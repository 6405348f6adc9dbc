import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CertificatesSubject as S, type BatchAdd, type BatchSignupQuery, type CertificateQuery, type CertificateSearchQuery, type PageQuery, type Recipient, type RecipientsFromSignups, type RpcRequest } from '@cmp/contracts';
import { BatchService } from './batch.service';
import { CertificateService } from './certificate.service';

type OfBatch = RpcRequest<{ batchId: number }>;

@Controller()
export class BatchController {
  constructor(
    private readonly batches: BatchService,
    private readonly certificates: CertificateService,
  ) {}

  @MessagePattern(S.batchPage) page(@Payload() r: RpcRequest<PageQuery & { name?: string; status?: string }>) { return this.batches.page(r); }
  @MessagePattern(S.batchDetail) detail(@Payload() r: RpcRequest<{ id: number }>) { return this.batches.detail(r); }
  @MessagePattern(S.batchAdd) add(@Payload() r: RpcRequest<BatchAdd>) { return this.batches.add(r); }
  @MessagePattern(S.batchDelete) remove(@Payload() r: RpcRequest<{ id: number }>) { return this.batches.remove(r); }
  @MessagePattern(S.recipientsAdd) recipientsAdd(@Payload() r: RpcRequest<{ batchId: number; recipients: Recipient[] }>) { return this.batches.recipientsAdd(r); }
  @MessagePattern(S.recipientsImport) recipientsImport(@Payload() r: RpcRequest<{ batchId: number; rows: (Record<string, string> & { rowNumber: number })[] }>) { return this.batches.recipientsImport(r); }
  @MessagePattern(S.batchSignups) signups(@Payload() r: RpcRequest<BatchSignupQuery>) { return this.batches.signups(r); }
  @MessagePattern(S.publishedRounds) publishedRounds(@Payload() r: OfBatch) { return this.batches.publishedRounds(r); }
  @MessagePattern(S.recipientsFromSignups) fromSignups(@Payload() r: RpcRequest<RecipientsFromSignups>) { return this.batches.recipientsFromSignups(r); }
  @MessagePattern(S.batchPreview) preview(@Payload() r: RpcRequest<{ batchId: number; count?: number }>) { return this.batches.preview(r); }
  @MessagePattern(S.batchIssue) issue(@Payload() r: OfBatch) { return this.batches.issue(r); }
  @MessagePattern(S.batchProgress) progress(@Payload() r: OfBatch) { return this.batches.progress(r); }
  @MessagePattern(S.batchRetry) retry(@Payload() r: OfBatch) { return this.batches.retry(r); }
  @MessagePattern(S.batchSend) send(@Payload() r: OfBatch) { return this.batches.send(r); }
  @MessagePattern(S.batchFiles) files(@Payload() r: OfBatch) { return this.batches.files(r); }
  @MessagePattern(S.certificatePage) certificatePage(@Payload() r: RpcRequest<CertificateQuery>) { return this.certificates.page(r); }
  @MessagePattern(S.certificateSearch) certificateSearch(@Payload() r: RpcRequest<CertificateSearchQuery>) { return this.certificates.search(r); }
  @MessagePattern(S.certificateRevoke) revoke(@Payload() r: RpcRequest<{ id: number; reason: string }>) { return this.certificates.revoke(r); }
  @MessagePattern(S.certificateReissue) reissue(@Payload() r: RpcRequest<{ id: number } & Partial<Recipient>>) { return this.certificates.reissue(r); }
  @MessagePattern(S.certificateFile) file(@Payload() r: RpcRequest<{ id: number; kind: 'pdf' | 'png' }>) { return this.certificates.file(r); }
  @MessagePattern(S.myPage) myPage(@Payload() r: RpcRequest<PageQuery>) { return this.certificates.myPage(r); }
  @MessagePattern(S.trace) trace(@Payload() r: RpcRequest<{ token: string }>) { return this.certificates.trace(r); }
}
