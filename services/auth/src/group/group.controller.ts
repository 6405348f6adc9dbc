import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Scopes } from '@cmp/common';
import { AuthSubject, type GroupStatusPayload, type RpcRequest } from '@cmp/contracts';
import { GroupService, type GroupSavePayload } from './group.service';

@Controller()
export class GroupController {
  constructor(
    private readonly groups: GroupService,
    private readonly scopes: Scopes,
  ) {}

  @MessagePattern(AuthSubject.groupSelect) select(@Payload() r: RpcRequest) { return this.groups.select(r); }
  @MessagePattern(AuthSubject.groupResolve) resolve(@Payload() r: RpcRequest<{ host?: string; code?: string; within?: number }>) { return this.groups.resolve(r); }
  @MessagePattern(AuthSubject.groupHosts) hosts(@Payload() r: RpcRequest<{ id: number }>) { return this.groups.hosts(r); }
  @MessagePattern(AuthSubject.groupNames) names(@Payload() r: RpcRequest<{ ids: number[] }>) { return this.groups.names(r); }
  /** Other services' scoping: the caller's organisation and its subordinates; null means every organisation (ROOT). */
  @MessagePattern(AuthSubject.groupScope) scope(@Payload() r: RpcRequest) { return this.scopes.of(r); }
  @MessagePattern(AuthSubject.groupTree) tree(@Payload() r: RpcRequest) { return this.groups.tree(r); }
  @MessagePattern(AuthSubject.groupSave) save(@Payload() r: RpcRequest<GroupSavePayload>) { return this.groups.save(r); }
  @MessagePattern(AuthSubject.groupStatus) status(@Payload() r: RpcRequest<GroupStatusPayload>) { return this.groups.setStatus(r); }
  @MessagePattern(AuthSubject.groupDelete) delete(@Payload() r: RpcRequest<{ id: number }>) { return this.groups.delete(r); }
}
