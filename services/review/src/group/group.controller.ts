import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReviewSubject as S, type RpcRequest } from '@cmp/contracts';
import { GroupService, type GroupSave } from './group.service';

type OfRound = RpcRequest<{ roundId: number }>;

@Controller()
export class GroupController {
  constructor(private readonly groups: GroupService) {}

  @MessagePattern(S.groupList) list(@Payload() r: OfRound) { return this.groups.list(r); }
  @MessagePattern(S.groupSave) save(@Payload() r: RpcRequest<GroupSave>) { return this.groups.save(r); }
  @MessagePattern(S.groupDelete) remove(@Payload() r: RpcRequest<{ id: number }>) { return this.groups.remove(r); }
  @MessagePattern(S.groupAuto) auto(@Payload() r: RpcRequest<{ roundId: number; count: number; expertIds: number[] }>) { return this.groups.auto(r); }
  @MessagePattern(S.captainFlag) captainFlag(@Payload() r: OfRound) { return this.groups.captainFlag(r); }
}
