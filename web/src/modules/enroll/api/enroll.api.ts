import type {
  CentreData,
  CompleteStatus,
  MemberProfile,
  OrderView,
  PayState,
  PayChannel,
  PayReply,
  Signup,
  SignupCounts,
  SignupDetail,
  SignUpPayload,
  Teacher,
  TeamInvitation,
  Work,
  WorkSavePayload,
} from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The caller's own details as the enrollment service keeps them (they pre-fill every member form). */
export interface UserDetail {
  userId: number;
  username: string;
  groupId: number;
  profile: MemberProfile;
}

export interface TeamInvite {
  signupId: number;
  inviteCode: string;
  teamName: string;
  competitionId: number;
  link: string;
  qrCode: string;
}


/** Sign-ups, teams, works and the personal centre's lists (docs/api-enrollment.md). */
export const enrollApi = {
  userDetail: (signal?: AbortSignal) => http.get<UserDetail>('/web/user/detail', undefined, signal),
  counts: (competitionId: number, signal?: AbortSignal) => http.get<SignupCounts>('/enroll/team/num', { competitionId }, signal),
  mine: (competitionId?: number, signal?: AbortSignal) => http.get<Signup[]>('/web/enroll/my', { competitionId }, signal),
  signUp: (p: SignUpPayload) => http.post<Signup>('/web/enroll/signUp', p),
  copy: (p: { fromId: number; competitionId: number; itemId: number }) => http.post<Signup>('/web/enroll/copy', p),
  withdraw: (id: number) => http.post<null>('/web/enroll/withdraw', { id }),
  /** A team in full, for its members. */
  team: (id: number, signal?: AbortSignal) => http.get<SignupDetail>('/web/enroll/teamMember/list', { id }, signal),
  /** A team as an invitation shows it (names masked), for someone about to join. */
  invitation: (inviteCode: string, signal?: AbortSignal) => http.get<TeamInvitation>('/web/enroll/teamMember/list', { inviteCode }, signal),
  invite: (id: number, signal?: AbortSignal) => http.get<TeamInvite>('/enroll/team/getImproveUserInfoQrCode', { id }, signal),
  completeStatus: (id: number, signal?: AbortSignal) => http.get<CompleteStatus>('/web/enroll/user/complete/status', { id }, signal),
  join: (inviteCode: string, profile?: MemberProfile) => http.post<SignupDetail>('/web/enroll/team/join', { inviteCode, profile }),
  leave: (id: number) => http.post<null>('/web/enroll/team/leave', { id }),
  removeMember: (id: number, userId: number) => http.post<SignupDetail>('/web/enroll/team/removeMember', { id, userId }),
  transfer: (id: number, userId: number) => http.post<SignupDetail>('/web/enroll/team/transfer', { id, userId }),
  dissolve: (id: number) => http.post<null>('/web/enroll/team/dissolve', { id }),
  saveTeachers: (id: number, teachers: Teacher[]) => http.post<SignupDetail>('/web/enroll/teachers', { id, teachers }),
  saveMyProfile: (id: number, profile: MemberProfile) => http.post<CompleteStatus>('/web/enroll/member/profile', { id, profile }),
  centre: (signal?: AbortSignal) => http.get<CentreData>('/web/center/data', undefined, signal),
};

export const workApi = {
  mine: (signal?: AbortSignal) => http.get<Work[]>('/web/work/my', undefined, signal),
  detail: (id: number, signal?: AbortSignal) => http.get<Work>('/web/work/detail', { id }, signal),
  byShareId: (shareId: string, signal?: AbortSignal) => http.get<Work>('/web/work/detailByShareId', { shareId }, signal),
  published: (id: number, signal?: AbortSignal) => http.get<Work>('/works/detail', { id }, signal),
  save: (p: WorkSavePayload) => http.post<Work>('/web/work/save', p),
  /** Uploads one file; `onProgress` gets 0–100 while the bytes go out. */
  upload: async (workId: number, file: File, onProgress: (percent: number) => void) =>
    (await http.upload<Work>(`/web/work/file/upload?workId=${workId}`, file, 'file', onProgress)).data,
  deleteFile: (workId: number, fileId: number) => http.post<null>('/web/work/file/delete', { workId, fileId }),
  submit: (id: number) => http.post<Work>('/web/work/submit', { id }),
  withdraw: (id: number) => http.post<Work>('/web/work/withdraw', { id }),
  /** Saves a file with the caller's token (members) or the share id (share links, published works). */
  download: (fileId: number, name: string, shareId?: string) => http.download('/web/work/file', { fileId, shareId }, name),
};

/** Entry fees through Alipay (the payment service). */
export const paymentApi = {
  pay: (signupId: number, channel: PayChannel) => http.post<PayReply>('/alipay/payment/pay', { signupId, channel }),
  /** The caller's order by number, or a sign-up's latest; the server asks Alipay while it is unpaid. */
  query: (q: { orderNo?: string; signupId?: number }, signal?: AbortSignal) => http.get<OrderView | null>('/alipay/payment/query', q, signal),
  /** What holds the pay button (an offline payment waiting for approval); undefined when it cannot be known now. */
  state: (signupId: number) => http.optional<PayState>('/alipay/payment/state', { signupId }),
  /** Saves the PDF receipt (收据) of the sign-up's paid fee. */
  receipt: (signupId: number) => http.download('/payment/receipt', { signupId }, `receipt-${signupId}.pdf`),
};
