import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StatisticsSubject as S, type ReportCreate, type ReportQuery, type RpcRequest } from '@cmp/contracts';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(S.reportCreate) create(@Payload() r: RpcRequest<ReportCreate>) { return this.reports.create(r); }
  @MessagePattern(S.reportPage) page(@Payload() r: RpcRequest<ReportQuery>) { return this.reports.page(r); }
  @MessagePattern(S.reportFile) file(@Payload() r: RpcRequest<{ id: number }>) { return this.reports.file(r); }
}
