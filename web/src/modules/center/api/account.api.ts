import type { UserPasswordPayload, UserUpdatePayload } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The person's own account. Profile and phone go through the user update call with their own id. */
export const accountApi = {
  update: (p: UserUpdatePayload) => http.post<null>('/system/user/update', p),
  changePassword: (p: Pick<UserPasswordPayload, 'oldPassword' | 'newPassword'>) => http.post<null>('/system/user/update/pwd', p),
};
