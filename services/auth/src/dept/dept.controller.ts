import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type RpcRequest } from '@cmp/contracts';
import { DeptService, type DeptSavePayload } from './dept.service';

@Controller()
export class DeptController {
  constructor(private readonly depts: DeptService) {}

  @MessagePattern(AuthSubject.deptTree) tree(@Payload() r: RpcRequest<{ groupId?: number }>) { return this.depts.tree(r); }
  @MessagePattern(AuthSubject.deptSave) save(@Payload() r: RpcRequest<DeptSavePayload>) { return this.depts.save(r); }
  @MessagePattern(AuthSubject.deptDelete) delete(@Payload() r: RpcRequest<{ id: number }>) { return this.depts.delete(r); }
}
