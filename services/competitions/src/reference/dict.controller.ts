import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReferenceSubject as S, type DictItemSavePayload, type DictTypeSavePayload, type RpcRequest } from '@cmp/contracts';
import { DictService } from './dict.service';

type Id = RpcRequest<{ id: number }>;
type OfType = RpcRequest<{ dictType: string }>;

@Controller()
export class DictController {
  constructor(private readonly dicts: DictService) {}

  @MessagePattern(S.dictPublicList) publicList(@Payload() r: OfType) { return this.dicts.publicList(r); }
  @MessagePattern(S.dictTypeList) typeList(@Payload() r: RpcRequest) { return this.dicts.typeList(r); }
  @MessagePattern(S.dictTypeSave) typeSave(@Payload() r: RpcRequest<DictTypeSavePayload>) { return this.dicts.typeSave(r); }
  @MessagePattern(S.dictTypeDelete) typeDelete(@Payload() r: Id) { return this.dicts.typeDelete(r); }
  @MessagePattern(S.dictItemList) itemList(@Payload() r: OfType) { return this.dicts.itemList(r); }
  @MessagePattern(S.dictItemSave) itemSave(@Payload() r: RpcRequest<DictItemSavePayload>) { return this.dicts.itemSave(r); }
  @MessagePattern(S.dictItemDelete) itemDelete(@Payload() r: Id) { return this.dicts.itemDelete(r); }
}
