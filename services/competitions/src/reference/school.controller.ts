import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReferenceSubject as S, type RpcRequest, type SchoolImportRow, type SchoolPageQuery, type SchoolSavePayload } from '@cmp/contracts';
import { SchoolImportService } from './school-import.service';
import { SchoolService } from './school.service';

type Rows = RpcRequest<{ rows: SchoolImportRow[] }>;

@Controller()
export class SchoolController {
  constructor(
    private readonly schools: SchoolService,
    private readonly imports: SchoolImportService,
  ) {}

  @MessagePattern(S.provinceList) provinces() { return this.schools.provinces(); }
  @MessagePattern(S.schoolPublicPage) publicPage(@Payload() r: RpcRequest<SchoolPageQuery>) { return this.schools.publicPage(r); }
  @MessagePattern(S.schoolsByIds) byIds(@Payload() r: RpcRequest<{ ids: number[] }>) { return this.schools.byIds(r.payload.ids); }
  @MessagePattern(S.schoolPage) page(@Payload() r: RpcRequest<SchoolPageQuery>) { return this.schools.page(r); }
  @MessagePattern(S.schoolOptions) options(@Payload() r: RpcRequest) { return this.schools.options(r); }
  @MessagePattern(S.schoolSave) save(@Payload() r: RpcRequest<SchoolSavePayload>) { return this.schools.save(r); }
  @MessagePattern(S.schoolStatus) status(@Payload() r: RpcRequest<{ id: number; enabled: boolean }>) { return this.schools.setEnabled(r); }
  @MessagePattern(S.schoolDelete) delete(@Payload() r: RpcRequest<{ id: number }>) { return this.schools.delete(r); }
  @MessagePattern(S.schoolImportCheck) check(@Payload() r: Rows) { return this.imports.check(r); }
  @MessagePattern(S.schoolImport) import(@Payload() r: Rows) { return this.imports.import(r); }
}
