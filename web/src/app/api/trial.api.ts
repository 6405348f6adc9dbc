import type { Page, TrialApplication, TrialApplyPayload, TrialConvertPayload, TrialConvertReply, TrialNotePayload, TrialPageQuery } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** Trial applications (/experience): the public form's calls, and ROOT's follow-up (试用申请). */
export const trialApi = {
  sendCode: (phone: string) => http.post<null>('/system/product/trial/code/send', { phone }),
  apply: (p: TrialApplyPayload) => http.post<{ id: number }>('/system/product/trial/save', p),
  page: (q: TrialPageQuery, signal?: AbortSignal) => http.get<Page<TrialApplication>>('/system/product/trial/list', { ...q }, signal),
  note: (p: TrialNotePayload) => http.post<TrialApplication>('/system/product/trial/note', p),
  convert: (p: TrialConvertPayload) => http.post<TrialConvertReply>('/system/product/trial/convert', p),
};
