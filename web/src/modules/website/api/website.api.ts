import type { WebsiteSetting } from '@cmp/contracts';
import { http } from '@/app/http/client';

export const websiteApi = {
  get: (groupId: number, signal?: AbortSignal) => http.get<WebsiteSetting & { groupName: string }>('/web/competitionWebsite/getWebsiteSetting', { groupId }, signal),
  save: (s: WebsiteSetting) => http.post<WebsiteSetting>('/web/competitionWebsite/save', s),
};
