import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthSubject, type Page, type TrialApplication, type TrialConvertReply } from '@cmp/contracts';
import { Public, RootOnly } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { LoginCodeSendDto } from '../auth/auth.dto';
import { TrialApplyDto, TrialConvertDto, TrialNoteDto, TrialPageQueryDto } from './system.dto';

/** A university's trial application (/experience), and ROOT's follow-up of them (试用申请). */
@ApiTags('system: trial applications')
@Controller('system/product/trial')
export class TrialController {
  constructor(private readonly rpc: RpcService) {}

  /** Not in the spec: the application's phone is checked with a texted code. */
  @Post('code/send')
  @HttpCode(200)
  @Public()
  sendCode(@RequestCtx() ctx: Ctx, @Body() body: LoginCodeSendDto): Promise<null> {
    return this.rpc.call(ctx, AuthSubject.trialCodeSend, body);
  }

  @Post('save')
  @HttpCode(200)
  @Public()
  save(@RequestCtx() ctx: Ctx, @Body() body: TrialApplyDto): Promise<{ id: number }> {
    return this.rpc.call(ctx, AuthSubject.trialSave, body);
  }

  @Get('list')
  @ApiBearerAuth()
  @RootOnly()
  list(@RequestCtx() ctx: Ctx, @Query() q: TrialPageQueryDto): Promise<Page<TrialApplication>> {
    return this.rpc.call(ctx, AuthSubject.trialPage, q);
  }

  @Post('note')
  @HttpCode(200)
  @ApiBearerAuth()
  @RootOnly()
  note(@RequestCtx() ctx: Ctx, @Body() body: TrialNoteDto): Promise<TrialApplication> {
    return this.rpc.call(ctx, AuthSubject.trialNote, body);
  }

  /** Creates the application's organisation and its first administrator (a one-time password, shown once). */
  @Post('convert')
  @HttpCode(200)
  @ApiBearerAuth()
  @RootOnly()
  convert(@RequestCtx() ctx: Ctx, @Body() body: TrialConvertDto): Promise<TrialConvertReply> {
    return this.rpc.call(ctx, AuthSubject.trialConvert, body);
  }
}
