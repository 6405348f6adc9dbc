import { Readable } from 'node:stream';
import { Body, Controller, HttpCode, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AssistantAnswer } from '@cmp/contracts';
import { Public } from '../http/access.decorators';
import { RequestCtx, type Ctx } from '../http/request-context';
import { AskDto } from './assistant.dto';
import { AssistantService } from './assistant.service';

/**
 * The help assistant (/deepChat). Public, with the caller's own sign-ups when a token comes along; a question
 * changes nothing, so neither route is in the operation log. Limited per address (ASSISTANT_LIMIT_PER_MINUTE).
 */
@ApiTags('assistant')
@Controller('assistant')
@Public()
export class AssistantController {
  constructor(private readonly assistant: AssistantService) {}

  /** The answer in the envelope: passages, how it was made and its text. */
  @Post('ask')
  @HttpCode(200)
  ask(@RequestCtx() ctx: Ctx, @Body() body: AskDto, @Req() req: FastifyRequest): Promise<AssistantAnswer> {
    return this.assistant.ask(ctx, { ...body, host: req.hostname });
  }

  /**
   * The answer as server-sent events (`passages`, `delta`…, `done`), each `data:` a JSON object. Bad input is
   * answered before the stream starts, in the envelope like any other route.
   */
  @Post('ask/stream')
  @HttpCode(200)
  async stream(@RequestCtx() ctx: Ctx, @Body() body: AskDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const prepared = await this.assistant.prepare(ctx, { ...body, host: req.hostname });
    const abort = new AbortController();
    req.raw.once('close', () => abort.abort());
    const events = this.assistant.stream(ctx, prepared, abort.signal);
    async function* sse() {
      for await (const e of events) yield `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
    }
    // No proxy may hold the events back (nginx buffers unless told), and nobody may cache them.
    void reply.header('cache-control', 'no-cache, no-transform').header('x-accel-buffering', 'no');
    return new StreamableFile(Readable.from(sse()), { type: 'text/event-stream; charset=utf-8' });
  }
}
