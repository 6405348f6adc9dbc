import type { UserPasswordPayload, UserProfilePayload } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The person's own account. */
export const accountApi = {
  updateProfile: (p: UserProfilePayload) => http.post<null>('/system/user/profile', p),
  changePassword: (p: Pick<UserPasswordPayload, 'oldPassword' | 'newPassword'>) => http.post<null>('/system/user/update/pwd', p),
};
