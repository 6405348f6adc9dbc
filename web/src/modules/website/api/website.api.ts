import type { Banner, UploadedFile, WebsiteSetting } from '@cmp/contracts';
import { http } from '@/app/http/client';

export const websiteApi = {
  get: (groupId: number, signal?: AbortSignal) => http.get<WebsiteSetting & { groupName: string }>('/web/competitionWebsite/getWebsiteSetting', { groupId }, signal),
  /** Without `banners` the site keeps its banners (网站横幅 saves them). */
  save: (s: Omit<WebsiteSetting, 'banners'> & { banners?: Banner[] }) => http.post<WebsiteSetting>('/web/competitionWebsite/save', s),
  saveBanners: (groupId: number, banners: Banner[]) => http.post<Banner[]>('/web/competitionWebsite/banners/save', { groupId, banners }),
  /** The gateway checks the image by its bytes and size and cuts it to the carousel's shape; a refusal is shown by the client. */
  uploadBanner: async (file: Blob) => (await http.upload<UploadedFile & { width: number; height: number }>('/file/upload/banner', file)).data,
};
