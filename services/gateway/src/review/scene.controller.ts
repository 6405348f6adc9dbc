import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import * as QRCode from 'qrcode';
import type { FailureLimit, Redis } from '@cmp/common';
import {
  Perm,
  ReviewSubject as S,
  type KioskDevice,
  type MyAppearance,
  type QueueTeam,
  type RoomState,
  type SceneSetting,
} from '@cmp/contracts';
import { IdDto } from '../http/id.dto';
import { LoggedIn, Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { REDIS } from '../redis.provider';
import { bindPairing, pairingLimit } from '../kiosk/pairing';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RoundIdDto } from './review.dto';
import { CheckInDto, DrawDto, KioskBindDto, MoveDto, PauseDto, QueueWorkDto, RoomIdDto, SceneSaveDto, SkipDto } from './scene.dto';

/** On-site review (现场评审) for organisers and venue staff: rooms, the draw, check-in, the queues and the venue's screens. */
@ApiTags('review: on-site')
@ApiBearerAuth()
@Controller('review/scene')
export class SceneController {
  private readonly pairing: FailureLimit;

  constructor(
    private readonly rpc: RpcService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.pairing = pairingLimit(redis, config.kioskPairMaxFailures, config.kioskPairWindowMinutes);
  }

  @Get('setting')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  setting(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<SceneSetting> {
    return this.rpc.call(ctx, S.sceneSetting, q);
  }

  /** The venue, its rooms (with the review group seated in each) and what the screens show. */
  @Post('setting')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  save(@RequestCtx() ctx: Ctx, @Body() body: SceneSaveDto): Promise<SceneSetting> {
    return this.rpc.call(ctx, S.sceneSave, body);
  }

  /** Decides the order of appearance: a random draw (its seed shown; the same seed gives the same order), sign-up order or by hand. */
  @Post('draw')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  draw(@RequestCtx() ctx: Ctx, @Body() body: DrawDto): Promise<SceneSetting> {
    return this.rpc.call(ctx, S.sceneDraw, body);
  }

  /** Tells every team its room, number and place. */
  @Post('publish')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  publish(@RequestCtx() ctx: Ctx, @Body() body: RoundIdDto): Promise<SceneSetting> {
    return this.rpc.call(ctx, S.scenePublish, body);
  }

  @Get('queue')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  queue(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<{ rooms: RoomState[]; teams: QueueTeam[] }> {
    return this.rpc.call(ctx, S.sceneQueue, q);
  }

  /** 签到 by the participant's QR code or the number. */
  @Post('checkin')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  checkIn(@RequestCtx() ctx: Ctx, @Body() body: CheckInDto): Promise<QueueTeam> {
    return this.rpc.call(ctx, S.sceneCheckIn, body);
  }

  /** Calls the next team; two staff pressing at once call one team. */
  @Post('call')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  call(@RequestCtx() ctx: Ctx, @Body() body: RoomIdDto): Promise<RoomState> {
    return this.rpc.call(ctx, S.sceneCall, body);
  }

  @Post('recall')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  recall(@RequestCtx() ctx: Ctx, @Body() body: RoomIdDto): Promise<RoomState> {
    return this.rpc.call(ctx, S.sceneRecall, body);
  }

  @Post('start')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  start(@RequestCtx() ctx: Ctx, @Body() body: RoomIdDto): Promise<RoomState> {
    return this.rpc.call(ctx, S.sceneStart, body);
  }

  @Post('end')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  end(@RequestCtx() ctx: Ctx, @Body() body: RoomIdDto): Promise<RoomState> {
    return this.rpc.call(ctx, S.sceneEnd, body);
  }

  /** 过号: the called team goes back in line after N teams, or at the end. */
  @Post('skip')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  skip(@RequestCtx() ctx: Ctx, @Body() body: SkipDto): Promise<RoomState> {
    return this.rpc.call(ctx, S.sceneSkip, body);
  }

  @Post('absent')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  absent(@RequestCtx() ctx: Ctx, @Body() body: QueueWorkDto): Promise<RoomState> {
    return this.rpc.call(ctx, S.sceneAbsent, body);
  }

  @Post('pause')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  pause(@RequestCtx() ctx: Ctx, @Body() body: PauseDto): Promise<RoomState> {
    return this.rpc.call(ctx, S.scenePause, body);
  }

  @Post('move')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  move(@RequestCtx() ctx: Ctx, @Body() body: MoveDto): Promise<RoomState[]> {
    return this.rpc.call(ctx, S.sceneMove, body);
  }

  /** Binds the kiosk showing this code to rooms of the round; the kiosk picks up its device token. */
  @Post('kiosk/bind')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  async bind(@RequestCtx() ctx: Ctx, @Body() body: KioskBindDto): Promise<KioskDevice> {
    const { code, ...bind } = body;
    const binder = { userId: ctx.identity!.userId, ip: ctx.meta.ip };
    const { device } = await bindPairing(this.redis, this.pairing, binder, code, () => this.rpc.call<{ device: KioskDevice; token: string }>(ctx, S.kioskBind, bind));
    return device;
  }

  @Get('kiosk/list')
  @Permissions(Perm.reviewList, Perm.reviewEdit)
  kiosks(@RequestCtx() ctx: Ctx, @Query() q: RoundIdDto): Promise<KioskDevice[]> {
    return this.rpc.call(ctx, S.kioskList, q);
  }

  /** The kiosk loses access at once and its screen goes back to pairing. */
  @Post('kiosk/revoke')
  @HttpCode(200)
  @Permissions(Perm.reviewEdit)
  revoke(@RequestCtx() ctx: Ctx, @Body() body: IdDto): Promise<KioskDevice> {
    return this.rpc.call(ctx, S.kioskRevoke, body);
  }
}

/** A participant's on-site appearances, with the QR code to show at the door (我的现场评审). */
@ApiTags('review: on-site')
@ApiBearerAuth()
@Controller('center/scene')
export class MySceneController {
  constructor(private readonly rpc: RpcService) {}

  @Get('list')
  @LoggedIn()
  async list(@RequestCtx() ctx: Ctx): Promise<MyAppearance[]> {
    const mine = await this.rpc.call<MyAppearance[]>(ctx, S.sceneMine);
    return Promise.all(mine.map(async (a) => ({ ...a, qr: await QRCode.toDataURL(a.checkInCode, { margin: 1, width: 256 }) })));
  }
}
