import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReviewSubject as S, type MyReviewQuery, type RpcRequest, type SheetSaveInput } from '@cmp/contracts';
import { ProgressService } from './progress.service';
import { ScoringService } from './scoring.service';

type OfRound = RpcRequest<{ roundId: number }>;

@Controller()
export class ScoringController {
  constructor(
    private readonly scoring: ScoringService,
    private readonly progressOf: ProgressService,
  ) {}

  @MessagePattern(S.columnSetting) columns(@Payload() r: OfRound) { return this.scoring.columnSetting(r); }
  @MessagePattern(S.minePage) mine(@Payload() r: RpcRequest<MyReviewQuery>) { return this.scoring.minePage(r); }
  @MessagePattern(S.mineDashboard) dashboard(@Payload() r: RpcRequest) { return this.scoring.dashboard(r); }
  @MessagePattern(S.sheetDetail) detail(@Payload() r: RpcRequest<{ assignmentId: number }>) { return this.scoring.detail(r); }
  @MessagePattern(S.sheetFile) file(@Payload() r: RpcRequest<{ assignmentId: number; fileId: number }>) { return this.scoring.file(r); }
  @MessagePattern(S.sheetSave) save(@Payload() r: RpcRequest<SheetSaveInput>) { return this.scoring.write(r, 'save'); }
  @MessagePattern(S.sheetSubmit) submit(@Payload() r: RpcRequest<SheetSaveInput>) { return this.scoring.write(r, 'submit'); }
  @MessagePattern(S.sheetReturn) giveBack(@Payload() r: RpcRequest<{ sheetId: number; reason: string }>) { return this.scoring.returnSheet(r); }
  @MessagePattern(S.sheetHistory) history(@Payload() r: RpcRequest<{ sheetId: number }>) { return this.scoring.sheetHistory(r); }
  @MessagePattern(S.groupScores) groupScores(@Payload() r: RpcRequest<{ roundId: number; reviewGroupId?: number }>) { return this.scoring.groupScores(r); }
  @MessagePattern(S.groupConfirm) confirm(@Payload() r: OfRound) { return this.scoring.confirmGroup(r); }
  @MessagePattern(S.progress) progress(@Payload() r: OfRound) { return this.progressOf.progress(r); }
  @MessagePattern(S.remind) remind(@Payload() r: RpcRequest<{ roundId: number; expertIds?: number[] }>) { return this.progressOf.remind(r); }
  @MessagePattern(S.scoreTable) table(@Payload() r: RpcRequest<{ roundId: number; pageNum?: number; pageSize?: number }>) { return this.progressOf.scoreTable(r); }
  @MessagePattern(S.scoreExport) exportRows(@Payload() r: OfRound) { return this.progressOf.exportRows(r); }
}
