import type { MenuEntry, UserInfo } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The calls the session itself makes: who is logged in, their menu, logging out. */
export const sessionApi = {
  userInfo: () => http.get<UserInfo>('/auth/user/info'),
  logout: () => http.post<null>('/auth/logout'),
  userMenu: (groupId: number) => http.get<MenuEntry[]>('/system/menu/userMenu', { groupId }),
};
