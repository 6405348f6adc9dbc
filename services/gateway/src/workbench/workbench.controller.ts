import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CertificatesSubject,
  EnrollmentSubject,
  hasAnyPermission,
  PaymentSubject,
  TODO_KINDS,
  WORKBENCH_TODOS,
  type Page,
  type TodoKind,
  type WorkbenchTodo,
} from '@cmp/contracts';
import { LoggedIn } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';

/** The list call that counts each to-do: the one its back-office list makes (see WORKBENCH_TODOS). */
const LIST_CALL: Record<TodoKind, string> = {
  signupsToApprove: EnrollmentSubject.signupPage,
  batchesFailed: CertificatesSubject.batchPage,
  offlineToApprove: PaymentSubject.offlinePage,
  refundsToApprove: PaymentSubject.refundPage,
  refundsFailed: PaymentSubject.refundPage,
  ordersUnpaid: PaymentSubject.orderPage,
  ordersRefunding: PaymentSubject.orderPage,
};

/** 工作台: what waits for the caller. */
@ApiTags('workbench')
@ApiBearerAuth()
@Controller('dashboard')
export class WorkbenchController {
  constructor(private readonly rpc: RpcService) {}

  /**
   * The to-dos the caller may act on, each counted by its list's own call (scoped to the caller's organisations by
   * the service, as the list is). A service that does not answer leaves its to-dos uncounted, not the workbench empty.
   */
  @Get('todo')
  @LoggedIn()
  async todo(@RequestCtx() ctx: Ctx): Promise<WorkbenchTodo[]> {
    const identity = ctx.identity!;
    const kinds = TODO_KINDS.filter((kind) => WORKBENCH_TODOS[kind].permissions.every((p) => hasAnyPermission(identity, [p])));
    return Promise.all(
      kinds.map(async (kind) => {
        const count = await this.rpc
          .call<Page<unknown>>(ctx, LIST_CALL[kind], { ...WORKBENCH_TODOS[kind].filter, pageNum: 1, pageSize: 1 })
          .then((page) => page.total, () => null);
        return { kind, count };
      }),
    );
  }
}
