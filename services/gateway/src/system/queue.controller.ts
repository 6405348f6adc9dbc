import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { JobQueueCounts } from '@cmp/contracts';
import { RootOnly } from '../http/access.decorators';
import { bearerToken } from '../http/auth.guard';
import type { GatewayRequest } from '../http/request-context';
import { Sessions } from '../http/sessions';
import { PlatformQueues, QUEUE_BOARD_COOKIE, QUEUE_BOARD_PATH } from './queue-board';

/** System > 任务队列: the platform's job queues for ROOT administrators, and the way into the queue board. */
@ApiTags('system: job queues')
@ApiBearerAuth()
@Controller('system/queues')
export class QueueController {
  constructor(
    private readonly queues: PlatformQueues,
    private readonly sessions: Sessions,
  ) {}

  @Get()
  @RootOnly()
  list(): Promise<JobQueueCounts[]> {
    return this.queues.counts();
  }

  /**
   * Hands the caller's token to the queue board as a cookie only the board's address receives, for as long as the
   * token lives: the board is a page the browser opens, which sends no Authorization header.
   */
  @Post('board-session')
  @RootOnly()
  @HttpCode(200)
  boardSession(@Req() req: GatewayRequest, @Res({ passthrough: true }) reply: FastifyReply): { path: string } {
    const token = bearerToken(req.headers.authorization) as string; // RootOnly has checked it
    const secure = req.protocol === 'https' ? '; Secure' : '';
    void reply.header(
      'set-cookie',
      `${QUEUE_BOARD_COOKIE}=${encodeURIComponent(token)}; Path=${QUEUE_BOARD_PATH}; Max-Age=${this.sessions.secondsLeft(token)}; HttpOnly; SameSite=Strict${secure}`,
    );
    return { path: `${QUEUE_BOARD_PATH}/` };
  }
}
