import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EnrollmentSubject as S, type BankCardSavePayload, type RpcRequest } from '@cmp/contracts';
import { BankCardService } from './bank-card.service';

@Controller()
export class BankCardController {
  constructor(private readonly bankCards: BankCardService) {}

  @MessagePattern(S.bankCardGet) get(@Payload() r: RpcRequest) { return this.bankCards.get(r); }
  @MessagePattern(S.bankCardSave) save(@Payload() r: RpcRequest<BankCardSavePayload>) { return this.bankCards.save(r); }
  @MessagePattern(S.bankCardDelete) remove(@Payload() r: RpcRequest) { return this.bankCards.remove(r); }
}
