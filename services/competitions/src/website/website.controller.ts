import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CompetitionsSubject as S, type RpcRequest, type WebsiteQuery, type Banner, type WebsiteSetting } from '@cmp/contracts';
import { WebsiteService } from './website.service';

@Controller()
export class WebsiteController {
  constructor(private readonly websites: WebsiteService) {}

  @MessagePattern(S.websiteGet) get(@Payload() r: RpcRequest<WebsiteQuery>) { return this.websites.get(r); }
  @MessagePattern(S.websiteSave) save(@Payload() r: RpcRequest<WebsiteSetting>) { return this.websites.save(r); }
  @MessagePattern(S.websiteBannersSave) saveBanners(@Payload() r: RpcRequest<{ groupId: number; banners: Banner[] }>) { return this.websites.saveBanners(r); }
}
