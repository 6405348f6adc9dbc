import type { BankCard, BankCardSavePayload, EnrollMessagePage, MemberProfile, MyAppearance, PageQuery, Signup, Work } from '@cmp/contracts';
import { http } from '@/app/http/client';

export interface ParticipantDetail {
  userId: number;
  username: string;
  groupId: number;
  profile: MemberProfile;
}

/** The personal centre's own calls (enrollment service): participant details, bank card, messages, records. */
export const centreApi = {
  detail: (signal?: AbortSignal) => http.get<ParticipantDetail>('/web/user/detail', undefined, signal),
  saveDetail: (p: MemberProfile) => http.post<ParticipantDetail>('/web/user/detail/save', p),
  bankCard: (signal?: AbortSignal) => http.get<BankCard | null>('/web/user/bankCard', undefined, signal),
  saveBankCard: (p: BankCardSavePayload) => http.post<BankCard>('/web/user/bankCard/save', p),
  deleteBankCard: () => http.post<null>('/web/user/bankCard/delete'),
  messages: (q: PageQuery, signal?: AbortSignal) => http.get<EnrollMessagePage>('/web/center/message/page', { ...q }, signal),
  /** Marks the listed messages read; without ids, all of them. */
  readMessages: (ids?: number[]) => http.post<null>('/web/center/message/read', ids ? { ids } : {}),
  mySignups: (signal?: AbortSignal) => http.get<Signup[]>('/web/enroll/my', undefined, signal),
  myWorks: (signal?: AbortSignal) => http.get<Work[]>('/web/work/my', undefined, signal),
  myScene: (signal?: AbortSignal) => http.get<MyAppearance[]>('/center/scene/list', undefined, signal),
};
