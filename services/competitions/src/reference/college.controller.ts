import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ReferenceSubject as S,
  type CollegePageQuery,
  type CollegeSavePayload,
  type MajorPageQuery,
  type MajorSavePayload,
  type RpcRequest,
} from '@cmp/contracts';
import { CollegeService } from './college.service';

type Id = RpcRequest<{ id: number }>;

@Controller()
export class CollegeController {
  constructor(private readonly colleges: CollegeService) {}

  @MessagePattern(S.collegePublicList) publicColleges(@Payload() r: RpcRequest<{ schoolId: number }>) { return this.colleges.publicColleges(r); }
  @MessagePattern(S.majorPublicList) publicMajors(@Payload() r: RpcRequest<{ collegeId: number }>) { return this.colleges.publicMajors(r); }
  @MessagePattern(S.collegePage) collegePage(@Payload() r: RpcRequest<CollegePageQuery>) { return this.colleges.collegePage(r); }
  @MessagePattern(S.collegeSave) collegeSave(@Payload() r: RpcRequest<CollegeSavePayload>) { return this.colleges.collegeSave(r); }
  @MessagePattern(S.collegeDelete) collegeDelete(@Payload() r: Id) { return this.colleges.collegeDelete(r); }
  @MessagePattern(S.majorPage) majorPage(@Payload() r: RpcRequest<MajorPageQuery>) { return this.colleges.majorPage(r); }
  @MessagePattern(S.majorSave) majorSave(@Payload() r: RpcRequest<MajorSavePayload>) { return this.colleges.majorSave(r); }
  @MessagePattern(S.majorDelete) majorDelete(@Payload() r: Id) { return this.colleges.majorDelete(r); }
}
