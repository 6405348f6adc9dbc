import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Redis } from '@cmp/common';
import {
  AuthSubject,
  CertificatesSubject,
  CompetitionStatus,
  CompetitionsSubject,
  EnrollmentSubject,
  hasAnyPermission,
  PaymentSubject,
  Perm,
  ReviewSubject,
  StatisticsSubject,
  TODO_KINDS,
  WORKBENCH_TODOS,
  type Competition,
  type CompetitionReviewProgress,
  type CompetitionSummary,
  type GroupNode,
  type Page,
  type PlatformOverview,
  type RunningCompetition,
  type TodoKind,
  type WorkbenchTodo,
} from '@cmp/contracts';
import { platformChecks } from '../health/health.controller';
import { LoggedIn, Permissions, RootOnly } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { REDIS } from '../redis.provider';

/** The list call that counts each to-do: the one its back-office list makes (see WORKBENCH_TODOS). */
const LIST_CALL: Record<TodoKind, string> = {
  signupsToApprove: EnrollmentSubject.signupPage,
  roundsClosingSoon: ReviewSubject.roundPage,
  roundsDisputed: ReviewSubject.roundPage,
  roundsAppealed: ReviewSubject.roundPage,
  roundsToPublish: ReviewSubject.roundPage,
  batchesFailed: CertificatesSubject.batchPage,
  offlineToApprove: PaymentSubject.offlinePage,
  refundsToApprove: PaymentSubject.refundPage,
  refundsFailed: PaymentSubject.refundPage,
  reconDifferences: PaymentSubject.reconcilePage,
  ordersUnpaid: PaymentSubject.orderPage,
  ordersRefunding: PaymentSubject.orderPage,
};

/** How many of the organisation's newest published competitions the workbench shows. */
const RUNNING_SHOWN = 8;

/** 工作台: what waits for the caller. */
@ApiTags('workbench')
@ApiBearerAuth()
@Controller('dashboard')
export class WorkbenchController {
  constructor(
    private readonly rpc: RpcService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * The to-dos the caller may act on, each counted by its list's own call (scoped to the caller's organisations by
   * the service, as the list is). A service that does not answer leaves its to-dos uncounted, not the workbench empty.
   */
  @Get('todo')
  @LoggedIn()
  async todo(@RequestCtx() ctx: Ctx): Promise<WorkbenchTodo[]> {
    const identity = ctx.identity!;
    const kinds = TODO_KINDS.filter((kind) => WORKBENCH_TODOS[kind].permissions.every((p) => hasAnyPermission(identity, [p])));
    return Promise.all(kinds.map(async (kind) => ({ kind, count: await this.total(ctx, LIST_CALL[kind], WORKBENCH_TODOS[kind].filter) })));
  }

  /**
   * An organiser's running competitions: the organisation's published ones, newest first, each with its headline
   * figures from the statistics read model (zeros while it has none; the list without figures if it does not answer),
   * its open review rounds' progress from the review service, and its next deadline.
   */
  @Get('competitions')
  @Permissions(Perm.statisticsView)
  async competitions(@RequestCtx() ctx: Ctx): Promise<RunningCompetition[]> {
    const page = await this.rpc.call<Page<Competition>>(ctx, CompetitionsSubject.competitionPage, { status: CompetitionStatus.published, pageNum: 1, pageSize: RUNNING_SHOWN });
    const ids = page.list.map((c) => c.id);
    // Each part from its owner; one that does not answer leaves its columns empty, not the list.
    const [summaries, progress] = ids.length
      ? await Promise.all([
          this.rpc.call<CompetitionSummary[]>(ctx, StatisticsSubject.summaries, { ids }).catch(() => [] as CompetitionSummary[]),
          this.rpc.call<CompetitionReviewProgress[]>(ctx, ReviewSubject.competitionProgress, { ids }).catch(() => [] as CompetitionReviewProgress[]),
        ])
      : [[], []];
    const now = Date.now();
    return page.list.map((c) => {
      const review = progress.find((p) => p.competitionId === c.id);
      const deadlines = [
        { at: c.enrollEndAt, kind: 'enroll' as const },
        { at: review?.closesAt ?? null, kind: 'review' as const },
      ].filter((d): d is { at: string; kind: 'enroll' | 'review' } => !!d.at && Date.parse(d.at) > now);
      return {
        competitionId: c.id,
        name: c.name,
        nameEn: c.nameEn,
        phase: c.phase,
        enrollEndAt: c.enrollEndAt,
        signups: 0,
        signupsToday: 0,
        pending: 0,
        worksSubmitted: 0,
        feesNetFen: 0,
        ...summaries.find((s) => s.competitionId === c.id),
        review: review ? { submitted: review.sheetsSubmitted, total: review.sheetsTotal } : null,
        nextDeadline: deadlines.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0] ?? null,
      };
    });
  }

  /** ROOT's view of the platform: whether each part answers, and how many organisations, users and competitions. */
  @Get('platform')
  @RootOnly()
  async platform(@RequestCtx() ctx: Ctx): Promise<PlatformOverview> {
    const countTree = (nodes: GroupNode[]): number => nodes.reduce((n, g) => n + 1 + countTree(g.children), 0);
    const [checks, organisations, users, competitions] = await Promise.all([
      platformChecks(this.rpc, this.redis, ctx),
      this.rpc.call<GroupNode[]>(ctx, AuthSubject.groupTree).then(countTree, () => null),
      this.total(ctx, AuthSubject.userPage),
      this.total(ctx, CompetitionsSubject.competitionPage),
    ]);
    return { checks, organisations, users, competitions };
  }

  /** A list's total with a filter, as its own call counts it; null when its service does not answer. */
  private total(ctx: Ctx, subject: string, filter: object = {}): Promise<number | null> {
    return this.rpc.call<Page<unknown>>(ctx, subject, { ...filter, pageNum: 1, pageSize: 1 }).then((page) => page.total, () => null);
  }
}
