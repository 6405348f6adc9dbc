import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CertificatesSubject as S, type RpcRequest, type TemplateQuery, type TemplateSave } from '@cmp/contracts';
import { TemplateService } from './template.service';

@Controller()
export class TemplateController {
  constructor(private readonly templates: TemplateService) {}

  @MessagePattern(S.templatePage) page(@Payload() r: RpcRequest<TemplateQuery>) { return this.templates.page(r); }
  @MessagePattern(S.templateDetail) detail(@Payload() r: RpcRequest<{ id: number }>) { return this.templates.detail(r); }
  @MessagePattern(S.templateAdd) add(@Payload() r: RpcRequest<TemplateSave>) { return this.templates.add(r); }
  @MessagePattern(S.templateUpdate) update(@Payload() r: RpcRequest<TemplateSave & { id: number }>) { return this.templates.update(r); }
  @MessagePattern(S.templateDelete) remove(@Payload() r: RpcRequest<{ id: number }>) { return this.templates.remove(r); }
  @MessagePattern(S.sealGet) sealGet(@Payload() r: RpcRequest) { return this.templates.sealGet(r); }
  @MessagePattern(S.sealOf) sealOf(@Payload() r: RpcRequest<{ groupId: number }>) { return this.templates.sealOf(r.payload.groupId); }
  @MessagePattern(S.sealSave) sealSave(@Payload() r: RpcRequest<{ imageUrl: string }>) { return this.templates.sealSave(r); }
}
