import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AssistantSubject as S, type AssistantSearch, type RpcRequest } from '@cmp/contracts';
import { AssistantService } from './assistant.service';

@Controller()
export class AssistantController {
  constructor(private readonly assistant: AssistantService) {}

  @MessagePattern(S.search) search(@Payload() r: RpcRequest<AssistantSearch>) { return this.assistant.search(r); }
}
