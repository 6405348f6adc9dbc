import type { Page, Round, RoundInput, RoundPageQuery, RoundWorkSource } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** Review rounds (the review service owns them): the competition's review settings and the review screens use them. */
export const roundApi = {
  page: (q: RoundPageQuery, signal?: AbortSignal) => http.get<Page<Round>>('/review/round/page', { ...q }, signal),
  list: (competitionId: number, signal?: AbortSignal) => http.get<Round[]>('/review/round/list', { competitionId }, signal),
  detail: (id: number, signal?: AbortSignal) => http.get<Round>('/review/round/detail', { id }, signal),
  save: (p: RoundInput & { id?: number }) => http.post<Round>('/review/round/save', p),
  remove: (id: number) => http.post<null>('/review/round/delete', { id }),
  open: (id: number) => http.post<Round>('/review/round/open', { id }),
  close: (id: number) => http.post<Round>('/review/round/close', { id }),
  syncWorks: (id: number, allSubmitted = false) => http.post<Round>('/review/round/works/sync', { id, allSubmitted }),
  workSource: (id: number) => http.get<RoundWorkSource>('/review/round/works/source', { id }),
};
