import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ReviewSubject as S, type ReviewTypeOptions } from '@cmp/contracts';
import { LoggedIn } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';

/** Option lists of the review screens (organisers and experts alike). */
@ApiTags('review')
@ApiBearerAuth()
@Controller('review')
export class ReviewTypeController {
  constructor(private readonly rpc: RpcService) {}

  @Get('type/get')
  @LoggedIn()
  types(@RequestCtx() ctx: Ctx): Promise<ReviewTypeOptions> {
    return this.rpc.call(ctx, S.typeGet);
  }
}
