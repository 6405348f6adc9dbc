import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type RpcRequest } from '@cmp/contracts';
import { callerOf } from '../access/access.service';
import { GroupService, type GroupSavePayload } from './group.service';

@Controller()
export class GroupController {
  constructor(private readonly groups: GroupService) {}

  @MessagePattern(AuthSubject.groupSelect)
  select(@Payload() req: RpcRequest) {
    return this.groups.select(callerOf(req));
  }

  @MessagePattern(AuthSubject.groupTree)
  tree(@Payload() req: RpcRequest) {
    return this.groups.tree(callerOf(req));
  }

  @MessagePattern(AuthSubject.groupSave)
  save(@Payload() req: RpcRequest<GroupSavePayload>) {
    return this.groups.save(callerOf(req), req.payload);
  }

  @MessagePattern(AuthSubject.groupDelete)
  delete(@Payload() req: RpcRequest<{ id: number }>) {
    return this.groups.delete(callerOf(req), req.payload.id);
  }
}
