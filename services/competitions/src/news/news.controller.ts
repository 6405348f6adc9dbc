import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@cmp/common';
import {
  ErrorCode,
  NewsSubject,
  type Identity,
  type NewsCheckPayload,
  type NewsCollectPayload,
  type NewsPageQuery,
  type NewsSavePayload,
  type PublicNewsPageQuery,
  type RpcRequest,
} from '@cmp/contracts';
import { NewsService } from './news.service';

const callerOf = (req: RpcRequest): Identity => {
  if (!req.identity) throw new AppError(ErrorCode.LOGIN_EXPIRED, 'auth.expired');
  return req.identity;
};

@Controller()
export class NewsController {
  constructor(private readonly news: NewsService) {}

  @MessagePattern(NewsSubject.page)
  page(@Payload() req: RpcRequest<NewsPageQuery>) {
    return this.news.page(req, callerOf(req));
  }

  @MessagePattern(NewsSubject.get)
  get(@Payload() req: RpcRequest<{ id: number }>) {
    return this.news.get(req, callerOf(req));
  }

  @MessagePattern(NewsSubject.save)
  save(@Payload() req: RpcRequest<NewsSavePayload>) {
    return this.news.save(req, callerOf(req));
  }

  @MessagePattern(NewsSubject.publish)
  publish(@Payload() req: RpcRequest<{ id: number }>) {
    return this.news.publish(req, callerOf(req));
  }

  @MessagePattern(NewsSubject.unpublish)
  unpublish(@Payload() req: RpcRequest<{ id: number }>) {
    return this.news.unpublish(req, callerOf(req));
  }

  @MessagePattern(NewsSubject.check)
  check(@Payload() req: RpcRequest<NewsCheckPayload>) {
    return this.news.check(req, callerOf(req));
  }

  @MessagePattern(NewsSubject.delete)
  delete(@Payload() req: RpcRequest<{ id: number }>) {
    return this.news.delete(req, callerOf(req));
  }

  @MessagePattern(NewsSubject.collect)
  collect(@Payload() req: RpcRequest<NewsCollectPayload>) {
    return this.news.collect(req, callerOf(req));
  }

  @MessagePattern(NewsSubject.collectPage)
  collectPage(@Payload() req: RpcRequest<NewsPageQuery>) {
    return this.news.collectPage(req, callerOf(req));
  }

  @MessagePattern(NewsSubject.publicPage)
  publicPage(@Payload() req: RpcRequest<PublicNewsPageQuery>) {
    return this.news.publicPage(req);
  }

  @MessagePattern(NewsSubject.publicGet)
  publicGet(@Payload() req: RpcRequest<{ id: number }>) {
    return this.news.publicGet(req);
  }
}
