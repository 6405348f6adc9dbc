import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReviewSubject as S, type Bid, type BidPageQuery, type RpcRequest } from '@cmp/contracts';
import { BidService } from './bid.service';

@Controller()
export class BidController {
  constructor(private readonly bids: BidService) {}

  @MessagePattern(S.bidPage) page(@Payload() r: RpcRequest<BidPageQuery>) { return this.bids.page(r); }
  @MessagePattern(S.bidSave) save(@Payload() r: RpcRequest<{ roundId: number; workId: number; bid: Bid | null }>) { return this.bids.save(r); }
}
