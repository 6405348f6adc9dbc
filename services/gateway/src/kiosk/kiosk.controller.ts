import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppError, type Redis } from '@cmp/common';
import { KioskWire, ReviewSubject as S, type KioskIdentity, type KioskPairing, type KioskPairStatus, type RoomState } from '@cmp/contracts';
import { Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { REDIS } from '../redis.provider';
import { PairingKeyDto, VoiceDto } from '../review/scene.dto';
import { pairingStatus, startPairing } from './pairing';
import { KioskVoice } from './voice';

/**
 * What a venue screen calls. No personal account: a kiosk pairs with a code and then reads its rooms with its device
 * token (X-Kiosk-Token), which an organiser can revoke.
 */
@ApiTags('kiosk')
@Controller('kiosk')
export class KioskController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly voices: KioskVoice,
  ) {}

  /** A new pairing code for the screen to show. */
  @Post('pair')
  @HttpCode(200)
  @Public()
  pair(): Promise<KioskPairing> {
    return startPairing(this.redis);
  }

  /** Whether an organiser bound the screen yet; the device token comes once. */
  @Post('pair/status')
  @HttpCode(200)
  @Public()
  status(@Body() body: PairingKeyDto): Promise<KioskPairStatus> {
    return pairingStatus(this.redis, body.pairingKey);
  }

  /** The screen's rooms as they are now (after a gap in the events, a reconnect or a wake-up). */
  @Get('rooms')
  @Public()
  @ApiHeader({ name: KioskWire.tokenHeader, required: true })
  rooms(@RequestCtx() ctx: Ctx, @Headers(KioskWire.tokenHeader) token: string | undefined): Promise<{ device: KioskIdentity; rooms: RoomState[] }> {
    return this.rpc.call(ctx, S.kioskRooms, { token: token ?? '' });
  }

  /** The spoken call for one of the screen's rooms, as WAV. */
  @Get('voice')
  @Public()
  @ApiHeader({ name: KioskWire.tokenHeader, required: true })
  async voice(
    @RequestCtx() ctx: Ctx,
    @Headers(KioskWire.tokenHeader) token: string | undefined,
    @Query() q: VoiceDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { rooms } = await this.rpc.call<{ rooms: RoomState[] }>(ctx, S.kioskRooms, { token: token ?? '' });
    const room = rooms.find((r) => r.roomId === q.roomId);
    if (!room) throw AppError.notFound('scene.roomNotFound', { id: q.roomId });
    const { wav, cached } = await this.voices.callAudio(q.lang, q.number, room);
    void reply.header('content-type', 'audio/wav').header('cache-control', 'private, max-age=86400').header('x-voice-cache', cached ? 'hit' : 'miss');
    return new StreamableFile(wav);
  }
}
