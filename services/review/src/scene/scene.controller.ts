import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ReviewSubject as S,
  type CheckInRequest,
  type DrawRequest,
  type KioskBindRequest,
  type MoveRequest,
  type QueueRoomRequest,
  type QueueWorkRequest,
  type RpcRequest,
  type SceneSettingInput,
  type SkipRequest,
} from '@cmp/contracts';
import { KioskService } from './kiosk.service';
import { QueueService } from './queue.service';
import { SceneService } from './scene.service';

type Round = RpcRequest<{ roundId: number }>;
type Room = RpcRequest<QueueRoomRequest>;
type Token = RpcRequest<{ token: string }>;

@Controller()
export class SceneController {
  constructor(
    private readonly scene: SceneService,
    private readonly queue: QueueService,
    private readonly kiosks: KioskService,
  ) {}

  @MessagePattern(S.sceneSetting) setting(@Payload() r: Round) { return this.scene.setting(r); }
  @MessagePattern(S.sceneSave) save(@Payload() r: RpcRequest<SceneSettingInput>) { return this.scene.save(r); }
  @MessagePattern(S.sceneDraw) draw(@Payload() r: RpcRequest<DrawRequest>) { return this.scene.draw(r); }
  @MessagePattern(S.scenePublish) publish(@Payload() r: Round) { return this.scene.publish(r); }
  @MessagePattern(S.sceneQueue) list(@Payload() r: Round) { return this.scene.queue(r); }
  @MessagePattern(S.sceneCheckIn) checkIn(@Payload() r: RpcRequest<CheckInRequest>) { return this.scene.checkIn(r); }
  @MessagePattern(S.sceneMine) mine(@Payload() r: RpcRequest) { return this.scene.mine(r); }
  @MessagePattern(S.sceneCall) call(@Payload() r: Room) { return this.queue.callNext(r); }
  @MessagePattern(S.sceneRecall) recall(@Payload() r: Room) { return this.queue.recall(r); }
  @MessagePattern(S.sceneStart) start(@Payload() r: Room) { return this.queue.start(r); }
  @MessagePattern(S.sceneEnd) end(@Payload() r: Room) { return this.queue.end(r); }
  @MessagePattern(S.sceneSkip) skip(@Payload() r: RpcRequest<SkipRequest>) { return this.queue.skip(r); }
  @MessagePattern(S.sceneAbsent) absent(@Payload() r: RpcRequest<QueueWorkRequest>) { return this.queue.absent(r); }
  @MessagePattern(S.scenePause) pause(@Payload() r: RpcRequest<QueueRoomRequest & { paused: boolean }>) { return this.queue.pause(r); }
  @MessagePattern(S.sceneMove) move(@Payload() r: RpcRequest<MoveRequest>) { return this.queue.move(r); }
  @MessagePattern(S.kioskBind) bind(@Payload() r: RpcRequest<Omit<KioskBindRequest, 'code'>>) { return this.kiosks.bind(r); }
  @MessagePattern(S.kioskList) kioskList(@Payload() r: Round) { return this.kiosks.list(r); }
  @MessagePattern(S.kioskRevoke) revoke(@Payload() r: RpcRequest<{ id: number }>) { return this.kiosks.revoke(r); }
  @MessagePattern(S.kioskAuth) auth(@Payload() r: Token) { return this.kiosks.auth(r); }
  @MessagePattern(S.kioskRooms) rooms(@Payload() r: Token) { return this.kiosks.rooms(r); }
}
