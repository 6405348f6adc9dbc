import type {
  CollectedNews,
  MessagePageQuery,
  NewsCheckPayload,
  NewsDetail,
  NewsItem,
  NewsPageQuery,
  NewsSavePayload,
  Option,
  Page,
  SubscribeMessage,
  Subscription,
  UploadedFile,
} from '@cmp/contracts';
import { http, HttpError } from '@/app/http/client';

export const newsApi = {
  page: (q: NewsPageQuery, signal?: AbortSignal) => http.get<Page<NewsItem>>('/competition/news/page', { ...q }, signal),
  detail: (id: number, signal?: AbortSignal) => http.get<NewsDetail>('/competition/news/detail', { id }, signal),
  save: ({ id, ...p }: NewsSavePayload) =>
    id ? http.post<NewsDetail>('/competition/news/update', { id, ...p }) : http.post<NewsDetail>('/competition/news/add', p),
  publish: (id: number) => http.post<NewsDetail>('/competition/news/publish', { id }),
  unpublish: (id: number) => http.post<NewsDetail>('/competition/news/unpublish', { id }),
  check: (p: NewsCheckPayload) => http.post<NewsDetail>('/competition/news/check', p),
  remove: (id: number) => http.post<null>('/competition/news/delete', { id }),
  collect: (id: number, collect: boolean) => http.post<{ collected: boolean }>('/competition/news/collect', { id, collect }),
  collectPage: (q: NewsPageQuery, signal?: AbortSignal) => http.get<Page<CollectedNews>>('/competition/news/collect/page', { ...q }, signal),
};

/** Uploads an image through the gateway (judged by its bytes there); resolves with its address. */
export async function uploadImage(file: Blob): Promise<UploadedFile> {
  const env = await http.upload<UploadedFile>('/file/upload/image', file);
  if (env.code !== 0) throw new HttpError(env.msg, env.code, true);
  return env.data;
}

export const subscriptionApi = {
  detail: () => http.get<Subscription>('/sys/user/subscribe/detail'),
  save: (p: Subscription) => http.post<Subscription>('/sys/user/subscribe/save', p),
  messages: (q: MessagePageQuery, signal?: AbortSignal) =>
    http.get<Page<SubscribeMessage> & { unread: number }>('/sys/subscribe/message/page', { ...q }, signal),
  remove: (ids: number[]) => http.post<{ count: number }>('/sys/subscribe/message/delete', { ids }),
  markRead: (ids: number[]) => http.post<{ count: number }>('/sys/subscribe/message/read', { ids }),
};

/**
 * Competitions a person can follow: the published ones of every organisation that has any, grouped by
 * organisation (the public calls /web/competition/group/list and /web/competition/group/competition/list).
 */
export async function competitionChoices(signal?: AbortSignal): Promise<{ label: string; options: Option[] }[]> {
  const groups = await http.get<{ groupId: number; groupName: string }[]>('/web/competition/group/list', undefined, signal);
  return Promise.all(
    groups.map(async (g) => ({
      label: g.groupName,
      options: await http.get<Option[]>('/web/competition/group/competition/list', { groupId: g.groupId }, signal),
    })),
  );
}
