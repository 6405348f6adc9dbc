import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ReferenceSubject,
  type CollegePageQuery,
  type CollegeSavePayload,
  type MajorPageQuery,
  type MajorSavePayload,
  type RpcRequest,
} from '@cmp/contracts';
import { ScopeService } from './access';
import { CollegeService } from './college.service';

@Controller()
export class CollegeController {
  constructor(
    private readonly colleges: CollegeService,
    private readonly scope: ScopeService,
  ) {}

  @MessagePattern(ReferenceSubject.collegePublicList)
  publicColleges(@Payload() req: RpcRequest<{ schoolId: number }>) {
    return this.colleges.publicColleges(req.payload.schoolId);
  }

  @MessagePattern(ReferenceSubject.majorPublicList)
  publicMajors(@Payload() req: RpcRequest<{ collegeId: number }>) {
    return this.colleges.publicMajors(req.payload.collegeId);
  }

  @MessagePattern(ReferenceSubject.collegePage)
  async collegePage(@Payload() req: RpcRequest<CollegePageQuery>) {
    return this.colleges.collegePage(await this.scope.of(req), req.payload);
  }

  @MessagePattern(ReferenceSubject.collegeSave)
  async collegeSave(@Payload() req: RpcRequest<CollegeSavePayload>) {
    return this.colleges.collegeSave(await this.scope.of(req), req.payload);
  }

  @MessagePattern(ReferenceSubject.collegeDelete)
  async collegeDelete(@Payload() req: RpcRequest<{ id: number }>) {
    return this.colleges.collegeDelete(await this.scope.of(req), req.payload.id);
  }

  @MessagePattern(ReferenceSubject.majorPage)
  async majorPage(@Payload() req: RpcRequest<MajorPageQuery>) {
    return this.colleges.majorPage(await this.scope.of(req), req.payload);
  }

  @MessagePattern(ReferenceSubject.majorSave)
  async majorSave(@Payload() req: RpcRequest<MajorSavePayload>) {
    return this.colleges.majorSave(await this.scope.of(req), req.payload);
  }

  @MessagePattern(ReferenceSubject.majorDelete)
  async majorDelete(@Payload() req: RpcRequest<{ id: number }>) {
    return this.colleges.majorDelete(await this.scope.of(req), req.payload.id);
  }
}
