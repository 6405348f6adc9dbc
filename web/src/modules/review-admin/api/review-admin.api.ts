import type {
  AssignmentRunView,
  DeclineReply,
  DistributionView,
  ExpertCandidate,
  ExpertOption,
  Page,
  ReviewGroup,
  RoundProgress,
  RoundWorkView,
  ScoreTableRow,
} from '@cmp/contracts';
import { http } from '@/app/http/client';

export { roundApi } from '@/app/review/round.api';

export interface RoundWorksQuery {
  roundId: number;
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
  reviewGroupId?: number;
  uncovered?: boolean;
}

export const groupApi = {
  list: (roundId: number, signal?: AbortSignal) => http.get<ReviewGroup[]>('/review/group/list', { roundId }, signal),
  save: (p: { roundId: number; id?: number; name: string; expertIds: number[]; captainExpertId: number | null; eventIds: number[] }) =>
    http.post<ReviewGroup>('/review/group/save', p),
  remove: (id: number) => http.post<null>('/review/group/delete', { id }),
  auto: (roundId: number, count: number, expertIds: number[]) => http.post<ReviewGroup[]>('/review/group/auto', { roundId, count, expertIds }),
};

export const distributionApi = {
  view: (roundId: number, signal?: AbortSignal) => http.get<DistributionView>('/review/distribution/view', { roundId }, signal),
  works: (q: RoundWorksQuery, signal?: AbortSignal) => http.get<Page<RoundWorkView>>('/review/distribution/works', { ...q }, signal),
  run: (roundId: number) => http.post<AssignmentRunView>('/review/distribution/run', { roundId }),
  progress: (roundId: number, signal?: AbortSignal) => http.get<AssignmentRunView | null>('/review/distribution/progress', { roundId }, signal),
  cancel: (roundId: number) => http.post<AssignmentRunView | null>('/review/distribution/cancel', { roundId }),
  add: (roundId: number, workId: number, expertId: number) => http.post<{ id: number }>('/review/distribution/add', { roundId, workId, expertId }),
  remove: (id: number) => http.post<null>('/review/distribution/remove', { id }),
  /** Who may take the work (add or swap), and why the others may not: the server's own rules. */
  candidates: (roundId: number, workId: number, signal?: AbortSignal) => http.get<ExpertCandidate[]>('/review/distribution/candidates', { roundId, workId }, signal),
  swap: (id: number, expertId: number) => http.post<{ id: number }>('/review/distribution/swap', { id, expertId }),
  lock: (id: number, locked: boolean) => http.post<null>('/review/distribution/lock', { id, locked }),
  decline: (id: number, reason: string) => http.post<DeclineReply>('/review/distribution/decline', { id, reason }),
};

export const statisticsApi = {
  progress: (roundId: number, signal?: AbortSignal) => http.get<RoundProgress>('/review/progress', { roundId }, signal),
  remind: (roundId: number) => http.post<{ sent: number }>('/review/progress/remind', { roundId }),
  scores: (q: { roundId: number; pageNum?: number; pageSize?: number }, signal?: AbortSignal) =>
    http.get<Page<ScoreTableRow>>('/review/statistics/scores', { ...q }, signal),
  export: (roundId: number, fileName: string) => http.download('/review/statistics/export', { roundId }, fileName),
};

/** The organisation's active experts, for pickers. */
export const expertOptions = (signal?: AbortSignal) => http.get<ExpertOption[]>('/expert/option', undefined, signal);
