import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@cmp/common';
import {
  AuthSubject,
  type RpcRequest,
  type UserAddPayload,
  type UserImportRow,
  type UserInfo,
  type UserPageQuery,
  type UserPasswordPayload,
  type UserProfilePayload,
  type UserRoleSetPayload,
  type UserUpdatePayload,
} from '@cmp/contracts';
import { AccessService, callerOf } from '../access/access.service';
import { UserImportService } from './user-import.service';
import { UserService } from './user.service';

@Controller()
export class UserController {
  constructor(
    private readonly users: UserService,
    private readonly imports: UserImportService,
    private readonly access: AccessService,
  ) {}

  @MessagePattern(AuthSubject.userInfo)
  async info(@Payload() req: RpcRequest): Promise<UserInfo> {
    const caller = callerOf(req);
    const info = await this.access.loadUser(caller.userId);
    if (!info) throw AppError.notFound('user.notFound', { id: caller.userId });
    const { status: _status, ...rest } = info;
    return rest;
  }

  @MessagePattern(AuthSubject.userPage)
  page(@Payload() req: RpcRequest<UserPageQuery>) {
    return this.users.page(callerOf(req), req.payload);
  }

  @MessagePattern(AuthSubject.userGet)
  get(@Payload() req: RpcRequest<{ id: number }>) {
    return this.users.get(callerOf(req), req.payload.id);
  }

  @MessagePattern(AuthSubject.userAdd)
  add(@Payload() req: RpcRequest<UserAddPayload>) {
    return this.users.add(callerOf(req), req.payload);
  }

  @MessagePattern(AuthSubject.userUpdate)
  update(@Payload() req: RpcRequest<UserUpdatePayload>) {
    return this.users.update(callerOf(req), req.payload);
  }

  @MessagePattern(AuthSubject.userProfile)
  profile(@Payload() req: RpcRequest<UserProfilePayload>) {
    return this.users.updateProfile(callerOf(req), req.payload);
  }

  @MessagePattern(AuthSubject.userRoleSet)
  roleSet(@Payload() req: RpcRequest<UserRoleSetPayload>) {
    return this.users.setUserRoles(callerOf(req), req.payload);
  }

  @MessagePattern(AuthSubject.userUpdatePassword)
  updatePassword(@Payload() req: RpcRequest<UserPasswordPayload>) {
    return this.users.updatePassword(callerOf(req), req.payload);
  }

  @MessagePattern(AuthSubject.userDelete)
  delete(@Payload() req: RpcRequest<{ id: number }>) {
    return this.users.delete(callerOf(req), req.payload.id);
  }

  @MessagePattern(AuthSubject.userImportCheck)
  importCheck(@Payload() req: RpcRequest<{ rows: UserImportRow[] }>) {
    return this.imports.check(callerOf(req), req.payload.rows, req.meta.lang);
  }

  @MessagePattern(AuthSubject.userImport)
  import(@Payload() req: RpcRequest<{ rows: UserImportRow[] }>) {
    return this.imports.import(callerOf(req), req.payload.rows, req.meta.lang);
  }
}
