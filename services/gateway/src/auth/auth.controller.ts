import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthSubject, type GroupSelection, type LoginReply, type MenuEntry, type PasswordLoginReply, type RegisterGroup, type UserInfo } from '@cmp/contracts';
import { LoggedIn, Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { GroupIdQueryDto } from '../http/id.dto';
import { FirstLoginDto, LoginCodeDto, LoginCodeSendDto, LoginPasswordDto, RegisterDto, RetrieveDto } from './auth.dto';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly rpc: RpcService) {}

  @Post('auth/login/pwd')
  @HttpCode(200)
  @Public()
  loginPassword(@RequestCtx() ctx: Ctx, @Body() body: LoginPasswordDto): Promise<PasswordLoginReply> {
    return this.rpc.call(ctx, AuthSubject.loginPassword, body);
  }

  /** Not in the spec: a one-time password's login (answered `passwordChangeRequired`) sets a new password here. */
  @Post('auth/login/pwd/first')
  @HttpCode(200)
  @Public()
  loginFirst(@RequestCtx() ctx: Ctx, @Body() body: FirstLoginDto): Promise<LoginReply> {
    return this.rpc.call(ctx, AuthSubject.loginFirst, body);
  }

  /** Not in the spec's call list: the code login needs a way to ask for a code. */
  @Post('auth/login/code/send')
  @HttpCode(200)
  @Public()
  sendCode(@RequestCtx() ctx: Ctx, @Body() body: LoginCodeSendDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.loginCodeSend, body);
  }

  @Post('auth/login/code')
  @HttpCode(200)
  @Public()
  loginCode(@RequestCtx() ctx: Ctx, @Body() body: LoginCodeDto): Promise<LoginReply> {
    return this.rpc.call(ctx, AuthSubject.loginCode, body);
  }

  // Sign-up and password recovery (/neibu/register, /neibu/retrieve); not in the spec's call list.

  /** Organisations open to sign-up, for the register form's choice. */
  @Get('auth/register/groups')
  @Public()
  registerGroups(@RequestCtx() ctx: Ctx): Promise<RegisterGroup[]> {
    return this.rpc.call(ctx, AuthSubject.registerGroups);
  }

  @Post('auth/register/code/send')
  @HttpCode(200)
  @Public()
  sendRegisterCode(@RequestCtx() ctx: Ctx, @Body() body: LoginCodeSendDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.registerCodeSend, body);
  }

  @Post('auth/register')
  @HttpCode(200)
  @Public()
  register(@RequestCtx() ctx: Ctx, @Body() body: RegisterDto): Promise<{ userId: number; username: string }> {
    return this.rpc.call(ctx, AuthSubject.register, body);
  }

  /** Answers the same for a phone without an account (and sends nothing). */
  @Post('auth/retrieve/code/send')
  @HttpCode(200)
  @Public()
  sendRetrieveCode(@RequestCtx() ctx: Ctx, @Body() body: LoginCodeSendDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.retrieveCodeSend, body);
  }

  @Post('auth/retrieve')
  @HttpCode(200)
  @Public()
  retrieve(@RequestCtx() ctx: Ctx, @Body() body: RetrieveDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.retrieve, body);
  }

  @Get('auth/user/info')
  @ApiBearerAuth()
  @LoggedIn()
  userInfo(@RequestCtx() ctx: Ctx): Promise<UserInfo> {
    return this.rpc.call(ctx, AuthSubject.userInfo);
  }

  @Post('auth/logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @LoggedIn()
  logout(@RequestCtx() ctx: Ctx): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.logout);
  }

  @Get('system/menu/userMenu')
  @ApiBearerAuth()
  @LoggedIn()
  userMenu(@RequestCtx() ctx: Ctx, @Query() _query: GroupIdQueryDto): Promise<MenuEntry[]> {
    return this.rpc.call(ctx, AuthSubject.userMenu);
  }

  @Get('competition/group/user/getSelect')
  @ApiBearerAuth()
  @LoggedIn()
  groupSelect(@RequestCtx() ctx: Ctx): Promise<GroupSelection> {
    return this.rpc.call(ctx, AuthSubject.groupSelect);
  }
}
