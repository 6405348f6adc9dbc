import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type RpcRequest } from '@cmp/contracts';
import { RoleService, type RoleSavePayload } from './role.service';

@Controller()
export class RoleController {
  constructor(private readonly roles: RoleService) {}

  @MessagePattern(AuthSubject.roleList) list() { return this.roles.list(); }
  @MessagePattern(AuthSubject.roleSave) save(@Payload() r: RpcRequest<RoleSavePayload>) { return this.roles.save(r); }
  @MessagePattern(AuthSubject.roleDelete) delete(@Payload() r: RpcRequest<{ id: number }>) { return this.roles.delete(r); }
}
