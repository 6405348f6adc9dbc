import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  NewsSubject as S,
  type NewsCheckPayload,
  type NewsCollectPayload,
  type NewsPageQuery,
  type NewsSavePayload,
  type PublicNewsPageQuery,
  type RpcRequest,
} from '@cmp/contracts';
import { NewsService } from './news.service';

type Id = RpcRequest<{ id: number }>;

@Controller()
export class NewsController {
  constructor(private readonly news: NewsService) {}

  @MessagePattern(S.page) page(@Payload() r: RpcRequest<NewsPageQuery>) { return this.news.page(r); }
  @MessagePattern(S.get) get(@Payload() r: Id) { return this.news.get(r); }
  @MessagePattern(S.save) save(@Payload() r: RpcRequest<NewsSavePayload>) { return this.news.save(r); }
  @MessagePattern(S.publish) publish(@Payload() r: Id) { return this.news.publish(r); }
  @MessagePattern(S.unpublish) unpublish(@Payload() r: Id) { return this.news.unpublish(r); }
  @MessagePattern(S.check) check(@Payload() r: RpcRequest<NewsCheckPayload>) { return this.news.check(r); }
  @MessagePattern(S.delete) delete(@Payload() r: Id) { return this.news.delete(r); }
  @MessagePattern(S.collect) collect(@Payload() r: RpcRequest<NewsCollectPayload>) { return this.news.collect(r); }
  @MessagePattern(S.collectPage) collectPage(@Payload() r: RpcRequest<NewsPageQuery>) { return this.news.collectPage(r); }
  @MessagePattern(S.publicPage) publicPage(@Payload() r: RpcRequest<PublicNewsPageQuery>) { return this.news.publicPage(r); }
  @MessagePattern(S.publicGet) publicGet(@Payload() r: Id) { return this.news.publicGet(r); }
}
