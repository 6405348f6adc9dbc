import type {
  FirstLoginPayload,
  LoginCodePayload,
  LoginPasswordPayload,
  LoginReply,
  PasswordLoginReply,
  RegisterGroup,
  RegisterPayload,
  RetrievePayload,
  TeamInvitation,
} from '@cmp/contracts';
import { groupApi } from '@/app/api/group.api';
import { http } from '@/app/http/client';

export const authApi = {
  /** A one-time password answers `passwordChangeRequired`: the login goes on with `firstLogin`. */
  loginByPassword: (p: LoginPasswordPayload) => http.post<PasswordLoginReply>('/auth/login/pwd', p),
  firstLogin: (p: FirstLoginPayload) => http.post<LoginReply>('/auth/login/pwd/first', p),
  sendLoginCode: (phone: string) => http.post<null>('/auth/login/code/send', { phone }),
  loginByCode: (p: LoginCodePayload) => http.post<LoginReply>('/auth/login/code', p),
  groupSelect: groupApi.select,
  registerGroups: () => http.get<RegisterGroup[]>('/auth/register/groups'),
  sendRegisterCode: (phone: string) => http.post<null>('/auth/register/code/send', { phone }),
  register: (p: RegisterPayload) => http.post<{ userId: number; username: string }>('/auth/register', p),
  sendRetrieveCode: (phone: string) => http.post<null>('/auth/retrieve/code/send', { phone }),
  retrieve: (p: RetrievePayload) => http.post<null>('/auth/retrieve', p),
  /** Public: the team an invitation code names (a logged-out invitee's login page says who invited them). */
  invitation: (inviteCode: string, signal?: AbortSignal) => http.get<TeamInvitation>('/web/enroll/team/invitation', { inviteCode }, signal),
};
