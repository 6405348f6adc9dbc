import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthSubject,
  type ExpertAccountsPayload,
  type RpcRequest,
  type UserAddPayload,
  type UserImportRow,
  type UserPageQuery,
  type UserPasswordPayload,
  type UserProfilePayload,
  type UserRoleSetPayload,
  type UserUpdatePayload,
} from '@cmp/contracts';
import { ExpertAccountService } from './expert-account.service';
import { UserImportService } from './user-import.service';
import { UserService } from './user.service';

@Controller()
export class UserController {
  constructor(
    private readonly users: UserService,
    private readonly imports: UserImportService,
    private readonly experts: ExpertAccountService,
  ) {}

  @MessagePattern(AuthSubject.expertAccounts) expertAccounts(@Payload() r: RpcRequest<ExpertAccountsPayload>) { return this.experts.ensure(r); }
  @MessagePattern(AuthSubject.userIdsByName) idsByName(@Payload() r: RpcRequest<{ usernames: string[] }>) { return this.users.idsByName(r); }
  @MessagePattern(AuthSubject.userIdsWithPermission) idsWithPermission(@Payload() r: RpcRequest<{ permission: string; groupIds?: number[] }>) { return this.users.idsWithPermission(r); }
  @MessagePattern(AuthSubject.userInfo) info(@Payload() r: RpcRequest) { return this.users.info(r); }
  @MessagePattern(AuthSubject.userPage) page(@Payload() r: RpcRequest<UserPageQuery>) { return this.users.page(r); }
  @MessagePattern(AuthSubject.userGet) get(@Payload() r: RpcRequest<{ id: number }>) { return this.users.get(r); }
  @MessagePattern(AuthSubject.userAdd) add(@Payload() r: RpcRequest<UserAddPayload>) { return this.users.add(r); }
  @MessagePattern(AuthSubject.userUpdate) update(@Payload() r: RpcRequest<UserUpdatePayload>) { return this.users.update(r); }
  @MessagePattern(AuthSubject.userProfile) profile(@Payload() r: RpcRequest<UserProfilePayload>) { return this.users.updateProfile(r); }
  @MessagePattern(AuthSubject.userRoleSet) roleSet(@Payload() r: RpcRequest<UserRoleSetPayload>) { return this.users.setUserRoles(r); }
  @MessagePattern(AuthSubject.userUpdatePassword) updatePassword(@Payload() r: RpcRequest<UserPasswordPayload>) { return this.users.updatePassword(r); }
  @MessagePattern(AuthSubject.userDelete) delete(@Payload() r: RpcRequest<{ id: number }>) { return this.users.delete(r); }
  @MessagePattern(AuthSubject.userImportCheck) importCheck(@Payload() r: RpcRequest<{ rows: UserImportRow[] }>) { return this.imports.check(r); }
  @MessagePattern(AuthSubject.userImport) import(@Payload() r: RpcRequest<{ rows: UserImportRow[] }>) { return this.imports.import(r); }
}
