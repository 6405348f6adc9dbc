import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type RpcRequest } from '@cmp/contracts';
import { AccessService, callerOf } from '../access/access.service';
import { GroupService, type GroupSavePayload } from './group.service';

@Controller()
export class GroupController {
  constructor(
    private readonly groups: GroupService,
    private readonly access: AccessService,
  ) {}

  @MessagePattern(AuthSubject.groupSelect)
  select(@Payload() req: RpcRequest) {
    return this.groups.select(callerOf(req));
  }

  @MessagePattern(AuthSubject.groupResolve)
  resolve(@Payload() req: RpcRequest<{ host?: string; code?: string }>) {
    return this.groups.resolve(req.payload);
  }

  @MessagePattern(AuthSubject.groupNames)
  names(@Payload() req: RpcRequest<{ ids: number[] }>) {
    return this.groups.names(req.payload.ids);
  }

  /** null means every organisation (ROOT). */
  @MessagePattern(AuthSubject.groupScope)
  scope(@Payload() req: RpcRequest) {
    return this.access.scopeGroupIds(callerOf(req));
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
