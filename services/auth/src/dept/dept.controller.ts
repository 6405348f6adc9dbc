import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type RpcRequest } from '@cmp/contracts';
import { callerOf } from '../access/access.service';
import { DeptService, type DeptSavePayload } from './dept.service';

@Controller()
export class DeptController {
  constructor(private readonly depts: DeptService) {}

  @MessagePattern(AuthSubject.deptTree)
  tree(@Payload() req: RpcRequest<{ groupId?: number }>) {
    return this.depts.tree(callerOf(req), req.payload?.groupId);
  }

  @MessagePattern(AuthSubject.deptSave)
  save(@Payload() req: RpcRequest<DeptSavePayload>) {
    return this.depts.save(callerOf(req), req.payload);
  }

  @MessagePattern(AuthSubject.deptDelete)
  delete(@Payload() req: RpcRequest<{ id: number }>) {
    return this.depts.delete(callerOf(req), req.payload.id);
  }
}
