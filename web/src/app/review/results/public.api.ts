import type { Appeal, AppealStatus, MyAward, Page, PublicRankingRound, VoteBoard, VoteCastReply } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** What participants and visitors see: their awards and appeals, the public ranking and votes. */
export const publicResultsApi = {
  myAwards: (q: { pageNum: number; pageSize: number }, signal?: AbortSignal) => http.get<Page<MyAward>>('/center/reward/list', { ...q }, signal),
  myAppeals: (signal?: AbortSignal) => http.get<Appeal[]>('/center/reward/appeals', undefined, signal),
  appeal: (p: { roundId: number; workId: number; reason: string }) => http.post<Appeal>('/center/reward/appeal', p),
  ranking: (competitionId: number, signal?: AbortSignal) => http.get<PublicRankingRound[]>('/home/competition/ranking', { competitionId }, signal),
  board: (q: { competitionId?: number; workId?: number }, signal?: AbortSignal) => http.get<VoteBoard>('/home/vote/board', { ...q }, signal),
  vote: (windowId: number, workId: number) => http.post<VoteCastReply>('/web/vote/cast', { windowId, workId }),
};

/** Tag colours of an appeal's status, wherever it shows. */
export const APPEAL_COLOR: Record<AppealStatus, string> = { pending: 'orange', rejected: 'default', reviewing: 'processing', resolved: 'success' };
