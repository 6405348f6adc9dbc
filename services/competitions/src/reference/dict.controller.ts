import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReferenceSubject, type DictItemSavePayload, type DictTypeSavePayload, type RpcRequest } from '@cmp/contracts';
import { callerOf } from './access';
import { DictService } from './dict.service';

@Controller()
export class DictController {
  constructor(private readonly dicts: DictService) {}

  @MessagePattern(ReferenceSubject.dictPublicList)
  publicList(@Payload() req: RpcRequest<{ dictType: string }>) {
    return this.dicts.publicList(req.payload.dictType, req.meta.lang);
  }

  @MessagePattern(ReferenceSubject.dictTypeList)
  typeList(@Payload() req: RpcRequest) {
    callerOf(req);
    return this.dicts.typeList();
  }

  @MessagePattern(ReferenceSubject.dictTypeSave)
  typeSave(@Payload() req: RpcRequest<DictTypeSavePayload>) {
    return this.dicts.typeSave(callerOf(req), req.payload);
  }

  @MessagePattern(ReferenceSubject.dictTypeDelete)
  typeDelete(@Payload() req: RpcRequest<{ id: number }>) {
    return this.dicts.typeDelete(callerOf(req), req.payload.id);
  }

  @MessagePattern(ReferenceSubject.dictItemList)
  itemList(@Payload() req: RpcRequest<{ dictType: string }>) {
    callerOf(req);
    return this.dicts.itemList(req.payload.dictType);
  }

  @MessagePattern(ReferenceSubject.dictItemSave)
  itemSave(@Payload() req: RpcRequest<DictItemSavePayload>) {
    return this.dicts.itemSave(callerOf(req), req.payload);
  }

  @MessagePattern(ReferenceSubject.dictItemDelete)
  itemDelete(@Payload() req: RpcRequest<{ id: number }>) {
    return this.dicts.itemDelete(callerOf(req), req.payload.id);
  }
}
