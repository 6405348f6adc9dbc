import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubject, type RpcRequest } from '@cmp/contracts';
import { MenuService, type MenuSavePayload } from './menu.service';

@Controller()
export class MenuController {
  constructor(private readonly menus: MenuService) {}

  @MessagePattern(AuthSubject.userMenu) userMenu(@Payload() r: RpcRequest) { return this.menus.userMenu(r); }
  @MessagePattern(AuthSubject.menuTree) tree() { return this.menus.tree(); }
  @MessagePattern(AuthSubject.menuSave) save(@Payload() r: RpcRequest<MenuSavePayload>) { return this.menus.save(r); }
  @MessagePattern(AuthSubject.menuDelete) delete(@Payload() r: RpcRequest<{ id: number }>) { return this.menus.delete(r); }
}
