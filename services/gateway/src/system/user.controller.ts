import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, buildWorkbook, XLSX_TYPE } from '@cmp/common';
import {
  AuthSubject,
  hasAnyPermission,
  Perm,
  USER_TEMPLATE_COLUMNS,
  type ImportCheckReply,
  type Page,
  type Role,
  type UserImportRow,
  type UserView,
} from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { LoggedIn, Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { IdDto } from '../http/id.dto';
import { asImportFailure, readUploadedSheet } from '../http/upload';
import { UserAddDto, UserPageQueryDto, UserPasswordDto, UserProfileDto, UserRoleSetDto, UserUpdateDto } from './system.dto';

@ApiTags('system: users')
@ApiBearerAuth()
@Controller('system/user')
export class UserController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get('page')
  @Permissions(Perm.userList)
  page(@RequestCtx() ctx: Ctx, @Query() q: UserPageQueryDto): Promise<Page<UserView>> {
    return this.rpc.call(ctx, AuthSubject.userPage, q);
  }

  @Get('detail')
  @Permissions(Perm.userList)
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<UserView> {
    return this.rpc.call(ctx, AuthSubject.userGet, q);
  }

  @Post('add')
  @HttpCode(200)
  @Permissions(Perm.userAdd)
  add(@RequestCtx() ctx: Ctx, @Body() body: UserAddDto): Promise<UserView> {
    return this.rpc.call(ctx, AuthSubject.userAdd, body);
  }

  @Post('update')
  @HttpCode(200)
  @Permissions(Perm.userEdit)
  update(@RequestCtx() ctx: Ctx, @Body() body: UserUpdateDto): Promise<UserView> {
    return this.rpc.call(ctx, AuthSubject.userUpdate, body);
  }

  /** Not in the spec's call list: the personal centre changes the caller's own name, phone and email with it. */
  @Post('profile')
  @HttpCode(200)
  @LoggedIn()
  profile(@RequestCtx() ctx: Ctx, @Body() body: UserProfileDto): Promise<UserView> {
    return this.rpc.call(ctx, AuthSubject.userProfile, body);
  }

  @Post('roleSet')
  @HttpCode(200)
  @Permissions(Perm.userRoleSet)
  roleSet(@RequestCtx() ctx: Ctx, @Body() body: UserRoleSetDto): Promise<UserView> {
    return this.rpc.call(ctx, AuthSubject.userRoleSet, body);
  }

  /** Anyone may change their own password; resetting another user's needs the reset permission. */
  @Post('update/pwd')
  @HttpCode(200)
  @LoggedIn()
  updatePassword(@RequestCtx() ctx: Ctx, @Body() body: UserPasswordDto): Promise<null> {
    const forOther = body.id !== undefined && body.id !== ctx.identity!.userId;
    if (forOther && !hasAnyPermission(ctx.identity!, [Perm.userResetPwd])) throw AppError.noAccess();
    return this.rpc.call(ctx, AuthSubject.userUpdatePassword, body);
  }

  @Post('delete')
  @HttpCode(200)
  @Permissions(Perm.userDelete)
  delete(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.userDelete, body);
  }

  @Get('template/export')
  @Permissions(Perm.userImport, Perm.userExport)
  async exportTemplate(@RequestCtx() ctx: Ctx, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const roles = await this.rpc.call<Role[]>(ctx, AuthSubject.roleList);
    const en = ctx.meta.lang === 'en';
    const example = { username: 'zhangsan', realName: en ? 'Zhang San' : '张三', phone: '13900000000', email: 'zhangsan@example.edu.cn', roleKeys: 'student', password: 'Passw0rd2026' };
    const notes = {
      title: en ? 'Instructions' : '填写说明',
      lines: [
        en ? 'Columns marked * are required. Delete the example row before importing.' : '带 * 的列为必填项。导入前请删除示例行。',
        en ? 'Account: 3 to 32 letters, digits or _ . @ -. Password: 8 to 64 characters with letters and digits.' : '账号：3 至 32 位字母、数字或 _ . @ -；密码：8 至 64 位，须同时包含字母和数字。',
        en ? 'Role keys (separate several with commas):' : '可用角色标识（多个用逗号分隔）：',
        ...roles.map((r) => `  ${r.key}  ${r.name}`),
      ],
    };
    const file = await buildWorkbook(USER_TEMPLATE_COLUMNS, ctx.meta.lang, [example], { notes });
    const name = en ? 'user-import-template.xlsx' : '用户导入模板.xlsx';
    void reply.header('content-type', XLSX_TYPE).header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    return new StreamableFile(file);
  }

  @Post('template/check')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @Permissions(Perm.userImport)
  async check(@RequestCtx() ctx: Ctx, @Req() req: FastifyRequest): Promise<ImportCheckReply> {
    const rows = await readUploadedSheet(req, USER_TEMPLATE_COLUMNS, this.config.uploadLimitBytes);
    return this.rpc.call(ctx, AuthSubject.userImportCheck, { rows: rows as UserImportRow[] });
  }

  /** All rows or none: a bad file or any bad row answers 13017 with the rows that failed. */
  @Post('template/import')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @Permissions(Perm.userImport)
  async import(@RequestCtx() ctx: Ctx, @Req() req: FastifyRequest): Promise<{ count: number }> {
    try {
      const rows = await readUploadedSheet(req, USER_TEMPLATE_COLUMNS, this.config.uploadLimitBytes);
      return await this.rpc.call(ctx, AuthSubject.userImport, { rows: rows as UserImportRow[] });
    } catch (e) {
      throw asImportFailure(e, ctx.meta.lang);
    }
  }
}
