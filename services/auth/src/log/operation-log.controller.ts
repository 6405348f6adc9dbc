import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type OperationLogQuery, type RpcRequest } from '@cmp/contracts';
import { OperationLogService } from './operation-log.service';

@Controller()
export class OperationLogController {
  constructor(private readonly logs: OperationLogService) {}

  @MessagePattern(AuthSubject.logPage) page(@Payload() r: RpcRequest<OperationLogQuery>) { return this.logs.page(r); }
}
