import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EnrollmentSubject as S, type MemberProfile, type RpcRequest } from '@cmp/contracts';
import { TeamService } from './team.service';

type Id = RpcRequest<{ id: number }>;

@Controller()
export class TeamController {
  constructor(private readonly teams: TeamService) {}

  @MessagePattern(S.teamInvite) invite(@Payload() r: Id) { return this.teams.invite(r); }
  @MessagePattern(S.teamJoin) join(@Payload() r: RpcRequest<{ inviteCode: string; profile?: MemberProfile }>) { return this.teams.join(r); }
  @MessagePattern(S.teamLeave) leave(@Payload() r: Id) { return this.teams.leave(r); }
  @MessagePattern(S.teamRemoveMember) removeMember(@Payload() r: RpcRequest<{ id: number; userId: number }>) { return this.teams.removeMember(r); }
  @MessagePattern(S.teamTransfer) transfer(@Payload() r: RpcRequest<{ id: number; userId: number }>) { return this.teams.transfer(r); }
  @MessagePattern(S.teamDissolve) dissolve(@Payload() r: Id) { return this.teams.dissolve(r); }
  @MessagePattern(S.teamInvitation) invitation(@Payload() r: RpcRequest<{ inviteCode: string }>) { return this.teams.invitation(r); }
  @MessagePattern(S.teamMembers) members(@Payload() r: RpcRequest<{ id?: number; inviteCode?: string }>) { return this.teams.members(r); }
}
