import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReferenceSubject, type RpcRequest, type SchoolImportRow, type SchoolPageQuery, type SchoolSavePayload } from '@cmp/contracts';
import { callerOf, ScopeService } from './access';
import { SchoolImportService } from './school-import.service';
import { SchoolService } from './school.service';

@Controller()
export class SchoolController {
  constructor(
    private readonly schools: SchoolService,
    private readonly imports: SchoolImportService,
    private readonly scope: ScopeService,
  ) {}

  @MessagePattern(ReferenceSubject.provinceList)
  provinces() {
    return this.schools.provinces();
  }

  @MessagePattern(ReferenceSubject.schoolPublicPage)
  publicPage(@Payload() req: RpcRequest<SchoolPageQuery>) {
    return this.schools.publicPage(req.payload);
  }

  @MessagePattern(ReferenceSubject.schoolPage)
  async page(@Payload() req: RpcRequest<SchoolPageQuery>) {
    return this.schools.page(await this.scope.of(req), req.payload);
  }

  @MessagePattern(ReferenceSubject.schoolOptions)
  async options(@Payload() req: RpcRequest) {
    return this.schools.options(await this.scope.of(req));
  }

  @MessagePattern(ReferenceSubject.schoolSave)
  async save(@Payload() req: RpcRequest<SchoolSavePayload>) {
    return this.schools.save(callerOf(req), await this.scope.of(req), req.payload);
  }

  @MessagePattern(ReferenceSubject.schoolStatus)
  async status(@Payload() req: RpcRequest<{ id: number; enabled: boolean }>) {
    return this.schools.setEnabled(await this.scope.of(req), req.payload.id, req.payload.enabled);
  }

  @MessagePattern(ReferenceSubject.schoolDelete)
  async delete(@Payload() req: RpcRequest<{ id: number }>) {
    return this.schools.delete(await this.scope.of(req), req.payload.id);
  }

  @MessagePattern(ReferenceSubject.schoolImportCheck)
  check(@Payload() req: RpcRequest<{ rows: SchoolImportRow[] }>) {
    callerOf(req);
    return this.imports.check(req.payload.rows, req.meta.lang);
  }

  @MessagePattern(ReferenceSubject.schoolImport)
  import(@Payload() req: RpcRequest<{ rows: SchoolImportRow[] }>) {
    return this.imports.import(callerOf(req), req.payload.rows, req.meta.lang);
  }
}
