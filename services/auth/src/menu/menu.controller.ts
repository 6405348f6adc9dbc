import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type RpcRequest } from '@cmp/contracts';
import { callerOf } from '../access/access.service';
import { MenuService, type MenuSavePayload } from './menu.service';

@Controller()
export class MenuController {
  constructor(private readonly menus: MenuService) {}

  @MessagePattern(AuthSubject.userMenu)
  userMenu(@Payload() req: RpcRequest) {
    return this.menus.userMenu(callerOf(req));
  }

  @MessagePattern(AuthSubject.menuTree)
  tree() {
    return this.menus.tree();
  }

  @MessagePattern(AuthSubject.menuSave)
  save(@Payload() req: RpcRequest<MenuSavePayload>) {
    return this.menus.save(req.payload);
  }

  @MessagePattern(AuthSubject.menuDelete)
  delete(@Payload() req: RpcRequest<{ id: number }>) {
    return this.menus.delete(req.payload.id);
  }
}
