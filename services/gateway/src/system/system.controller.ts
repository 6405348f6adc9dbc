import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthSubject, Perm, type Dept, type GroupNode, type MenuEntry, type Role } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { GroupIdQueryDto, IdDto } from '../http/id.dto';
import { DeptSaveDto, GroupSaveDto, GroupStatusDto, MenuSaveDto, RoleSaveDto } from './system.dto';

/** Roles, menus, departments and organisations: thin forwarding to the auth service. */
@ApiTags('system')
@ApiBearerAuth()
@Controller('system')
export class SystemController {
  constructor(private readonly rpc: RpcService) {}

  @Get('role/list')
  @Permissions(Perm.roleList, Perm.userRoleSet)
  roles(@RequestCtx() ctx: Ctx): Promise<Role[]> {
    return this.rpc.call(ctx, AuthSubject.roleList);
  }

  @Post('role/save')
  @HttpCode(200)
  @Permissions(Perm.roleEdit)
  saveRole(@RequestCtx() ctx: Ctx, @Body() body: RoleSaveDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, AuthSubject.roleSave, body);
  }

  @Post('role/delete')
  @HttpCode(200)
  @Permissions(Perm.roleEdit)
  deleteRole(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.roleDelete, body);
  }

  @Get('menu/tree')
  @Permissions(Perm.menuList, Perm.roleEdit)
  menus(@RequestCtx() ctx: Ctx): Promise<MenuEntry[]> {
    return this.rpc.call(ctx, AuthSubject.menuTree);
  }

  @Post('menu/save')
  @HttpCode(200)
  @Permissions(Perm.menuEdit)
  saveMenu(@RequestCtx() ctx: Ctx, @Body() body: MenuSaveDto): Promise<{ menuId: number }> {
    return this.rpc.call(ctx, AuthSubject.menuSave, body);
  }

  @Post('menu/delete')
  @HttpCode(200)
  @Permissions(Perm.menuEdit)
  deleteMenu(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.menuDelete, body);
  }

  @Get('dept/tree')
  @Permissions(Perm.deptList)
  depts(@RequestCtx() ctx: Ctx, @Query() q: GroupIdQueryDto): Promise<Dept[]> {
    return this.rpc.call(ctx, AuthSubject.deptTree, q);
  }

  @Post('dept/save')
  @HttpCode(200)
  @Permissions(Perm.deptEdit)
  saveDept(@RequestCtx() ctx: Ctx, @Body() body: DeptSaveDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, AuthSubject.deptSave, body);
  }

  @Post('dept/delete')
  @HttpCode(200)
  @Permissions(Perm.deptEdit)
  deleteDept(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.deptDelete, body);
  }

  @Get('group/tree')
  @Permissions(Perm.groupList)
  groups(@RequestCtx() ctx: Ctx): Promise<GroupNode[]> {
    return this.rpc.call(ctx, AuthSubject.groupTree);
  }

  @Post('group/save')
  @HttpCode(200)
  @Permissions(Perm.groupEdit)
  saveGroup(@RequestCtx() ctx: Ctx, @Body() body: GroupSaveDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, AuthSubject.groupSave, body);
  }

  /** Not in the spec: 机构列表 disables an organisation (its people and its subordinates' cannot log in) or enables it. */
  @Post('group/status')
  @HttpCode(200)
  @Permissions(Perm.groupEdit)
  groupStatus(@RequestCtx() ctx: Ctx, @Body() body: GroupStatusDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.groupStatus, body);
  }

  @Post('group/delete')
  @HttpCode(200)
  @Permissions(Perm.groupEdit)
  deleteGroup(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.groupDelete, body);
  }
}
