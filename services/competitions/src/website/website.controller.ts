import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@cmp/common';
import { CompetitionsSubject, ErrorCode, type RpcRequest, type WebsiteQuery, type WebsiteSetting } from '@cmp/contracts';
import { WebsiteService } from './website.service';

@Controller()
export class WebsiteController {
  constructor(private readonly websites: WebsiteService) {}

  @MessagePattern(CompetitionsSubject.websiteGet)
  get(@Payload() req: RpcRequest<WebsiteQuery>) {
    return this.websites.get(req);
  }

  @MessagePattern(CompetitionsSubject.websiteSave)
  save(@Payload() req: RpcRequest<WebsiteSetting>) {
    if (!req.identity) throw new AppError(ErrorCode.LOGIN_EXPIRED, 'auth.expired');
    return this.websites.save(req, req.identity);
  }
}
