import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import * as QRCode from 'qrcode';
import {
  EnrollmentSubject as S,
  type BankCard,
  type CentreData,
  type CompleteStatus,
  type EnrollMessagePage,
  type Signup,
  type SignupCounts,
  type SignupDetail,
  type TeamInvitation,
} from '@cmp/contracts';
import { LoggedIn, Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { CompetitionIdQueryDto, IdDto } from '../http/id.dto';
import { PageDto } from '../http/page.dto';
import { RpcService } from '../http/rpc.service';
import {
  BankCardSaveDto,
  CopyDto,
  IdBodyDto,
  JoinDto,
  MemberDto,
  MemberProfileDto,
  MessageReadDto,
  MySignupsQueryDto,
  ProfileDto,
  InvitationQueryDto,
  PublicMembersQueryDto,
  SignUpDto,
  TeachersDto,
  TeamMembersQueryDto,
} from './enrollment.dto';

/** Where an invitation link points: the public team page, on the site the caller is using. */
export function inviteLink(req: FastifyRequest, inviteCode: string): string {
  const origin = (req.headers.origin as string | undefined) ?? `${req.protocol}://${(req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host}`;
  return `${origin}/home/competition/team/details?inviteCode=${inviteCode}`;
}

/** The participant's side: sign-ups, teams, details and the personal centre (enrollment service). */
@ApiTags('enrollment')
@ApiBearerAuth()
@Controller()
export class EnrollmentController {
  constructor(private readonly rpc: RpcService) {}

  @Post('web/enroll/signUp')
  @HttpCode(200)
  @LoggedIn()
  signUp(@RequestCtx() ctx: Ctx, @Body() body: SignUpDto): Promise<Signup> {
    return this.rpc.call(ctx, S.signUp, body);
  }

  @Post('web/enroll/withdraw')
  @HttpCode(200)
  @LoggedIn()
  withdraw(@RequestCtx() ctx: Ctx, @Body() body: IdBodyDto): Promise<null> {
    return this.rpc.call(ctx, S.withdraw, body);
  }

  @Get('web/enroll/my')
  @LoggedIn()
  mine(@RequestCtx() ctx: Ctx, @Query() q: MySignupsQueryDto): Promise<Signup[]> {
    return this.rpc.call(ctx, S.mySignups, q);
  }

  @Get('web/enroll/detail')
  @LoggedIn()
  detail(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<SignupDetail> {
    return this.rpc.call(ctx, S.signupGet, q);
  }

  @Post('web/enroll/copy')
  @HttpCode(200)
  @LoggedIn()
  copy(@RequestCtx() ctx: Ctx, @Body() body: CopyDto): Promise<Signup> {
    return this.rpc.call(ctx, S.copy, body);
  }

  @Post('web/enroll/teachers')
  @HttpCode(200)
  @LoggedIn()
  teachers(@RequestCtx() ctx: Ctx, @Body() body: TeachersDto): Promise<SignupDetail> {
    return this.rpc.call(ctx, S.teachersSave, body);
  }

  /** The team's invitation: code, link and the link as a QR code (PNG data URL) for members to scan. */
  @Get('enroll/team/getImproveUserInfoQrCode')
  @LoggedIn()
  async inviteQr(@RequestCtx() ctx: Ctx, @Query() q: IdDto, @Req() req: FastifyRequest) {
    const invite = await this.rpc.call<{ signupId: number; inviteCode: string; teamName: string | null }>(ctx, S.teamInvite, q);
    const link = inviteLink(req, invite.inviteCode);
    return { ...invite, link, qrCode: await QRCode.toDataURL(link, { margin: 1, width: 256 }) };
  }

  @Post('web/enroll/team/join')
  @HttpCode(200)
  @LoggedIn()
  join(@RequestCtx() ctx: Ctx, @Body() body: JoinDto): Promise<SignupDetail> {
    return this.rpc.call(ctx, S.teamJoin, body);
  }

  @Post('web/enroll/team/leave')
  @HttpCode(200)
  @LoggedIn()
  leave(@RequestCtx() ctx: Ctx, @Body() body: IdBodyDto): Promise<null> {
    return this.rpc.call(ctx, S.teamLeave, body);
  }

  @Post('web/enroll/team/removeMember')
  @HttpCode(200)
  @LoggedIn()
  removeMember(@RequestCtx() ctx: Ctx, @Body() body: MemberDto): Promise<SignupDetail> {
    return this.rpc.call(ctx, S.teamRemoveMember, body);
  }

  @Post('web/enroll/team/transfer')
  @HttpCode(200)
  @LoggedIn()
  transfer(@RequestCtx() ctx: Ctx, @Body() body: MemberDto): Promise<SignupDetail> {
    return this.rpc.call(ctx, S.teamTransfer, body);
  }

  @Post('web/enroll/team/dissolve')
  @HttpCode(200)
  @LoggedIn()
  dissolve(@RequestCtx() ctx: Ctx, @Body() body: IdBodyDto): Promise<null> {
    return this.rpc.call(ctx, S.teamDissolve, body);
  }

  /** Public: the team an invitation link names, for the login page of a logged-out invitee. */
  @Get('web/enroll/team/invitation')
  @Public()
  invitation(@RequestCtx() ctx: Ctx, @Query() q: InvitationQueryDto): Promise<TeamInvitation> {
    return this.rpc.call(ctx, S.teamInvitation, q);
  }

  /** By `id`: the sign-up in full, for its members and organisers; by `inviteCode`: the invitation view, names masked. */
  @Get('web/enroll/teamMember/list')
  @LoggedIn()
  members(@RequestCtx() ctx: Ctx, @Query() q: TeamMembersQueryDto): Promise<SignupDetail | TeamInvitation> {
    return this.rpc.call(ctx, S.teamMembers, q);
  }

  @Post('web/enroll/member/profile')
  @HttpCode(200)
  @LoggedIn()
  memberProfile(@RequestCtx() ctx: Ctx, @Body() body: MemberProfileDto): Promise<CompleteStatus> {
    return this.rpc.call(ctx, S.memberProfileSave, body);
  }

  @Get('web/enroll/user/complete/status')
  @LoggedIn()
  complete(@RequestCtx() ctx: Ctx, @Query() q: IdDto): Promise<CompleteStatus> {
    return this.rpc.call(ctx, S.completeStatus, q);
  }

  @Get('web/user/detail')
  @LoggedIn()
  userDetail(@RequestCtx() ctx: Ctx) {
    return this.rpc.call(ctx, S.profileGet);
  }

  @Post('web/user/detail/save')
  @HttpCode(200)
  @LoggedIn()
  saveUserDetail(@RequestCtx() ctx: Ctx, @Body() body: ProfileDto) {
    return this.rpc.call(ctx, S.profileSave, body);
  }

  @Get('web/center/data')
  @LoggedIn()
  centre(@RequestCtx() ctx: Ctx): Promise<CentreData> {
    return this.rpc.call(ctx, S.centre);
  }

  @Get('web/center/message/page')
  @LoggedIn()
  messages(@RequestCtx() ctx: Ctx, @Query() q: PageDto): Promise<EnrollMessagePage> {
    return this.rpc.call(ctx, S.messagePage, q);
  }

  @Post('web/center/message/read')
  @HttpCode(200)
  @LoggedIn()
  read(@RequestCtx() ctx: Ctx, @Body() body: MessageReadDto): Promise<null> {
    return this.rpc.call(ctx, S.messageRead, body);
  }

  /** The caller's bank card for prize money, number masked; null when none is kept. */
  @Get('web/user/bankCard')
  @LoggedIn()
  bankCard(@RequestCtx() ctx: Ctx): Promise<BankCard | null> {
    return this.rpc.call(ctx, S.bankCardGet);
  }

  @Post('web/user/bankCard/save')
  @HttpCode(200)
  @LoggedIn()
  saveBankCard(@RequestCtx() ctx: Ctx, @Body() body: BankCardSaveDto): Promise<BankCard> {
    return this.rpc.call(ctx, S.bankCardSave, body);
  }

  @Post('web/user/bankCard/delete')
  @HttpCode(200)
  @LoggedIn()
  deleteBankCard(@RequestCtx() ctx: Ctx): Promise<null> {
    return this.rpc.call(ctx, S.bankCardDelete);
  }

  /** Public: sign-up numbers of a published competition and places left per event. */
  @Get('enroll/team/num')
  @Public()
  counts(@RequestCtx() ctx: Ctx, @Query() q: CompetitionIdQueryDto): Promise<SignupCounts> {
    return this.rpc.call(ctx, S.counts, q);
  }

  /** Public: approved sign-ups of a competition, names shortened. */
  @Get('web/enroll/website/member/list')
  @Public()
  publicMembers(@RequestCtx() ctx: Ctx, @Query() q: PublicMembersQueryDto) {
    return this.rpc.call(ctx, S.publicMembers, q);
  }
}
