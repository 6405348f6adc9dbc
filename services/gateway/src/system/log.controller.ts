import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthSubject, operationLabel, Perm, titlesLabelled, type OperationLogView, type Page } from '@cmp/contracts';
import { Permissions } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { LogPageQueryDto } from './system.dto';

/** The operation log (System > 操作日志), written by the gateway's audit hook through the AUDIT stream. */
@ApiTags('system: operation log')
@ApiBearerAuth()
@Controller('system/log')
export class LogController {
  constructor(private readonly rpc: RpcService) {}

  @Get('page')
  @Permissions(Perm.logList)
  async page(@RequestCtx() ctx: Ctx, @Query() q: LogPageQueryDto): Promise<Page<OperationLogView>> {
    const page = await this.rpc.call<Page<Omit<OperationLogView, 'label'>>>(ctx, AuthSubject.logPage, { ...q, titles: q.keyword ? titlesLabelled(q.keyword) : undefined });
    return { ...page, list: page.list.map((e) => ({ ...e, label: operationLabel(e.title, ctx.meta.lang) })) };
  }
}
