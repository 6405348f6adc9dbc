import type {
  Appeal,
  AppealStatus,
  AwardLevelInput,
  AwardPreset,
  AwardPresetSave,
  AwardReply,
  AwardSummaryQuery,
  AwardSummaryRow,
  CompetitionScoreReply,
  ExpertCalibrationView,
  FinalScoreReply,
  Page,
  PromotionReply,
  PromotionScope,
  Publication,
  PublishReadiness,
  RewardRow,
  ScoreMethod,
  ScoreVersion,
  VoteBoard,
  VoteWindow,
  WorkResult,
} from '@cmp/contracts';
import { http } from '@/app/http/client';

export interface CalculateForm {
  roundId: number;
  method: ScoreMethod;
  trimFrom?: number;
  prior?: number;
  disputeSpread?: number;
  allowMissing?: boolean;
}

/** Flat rules as the routes take them: `value` is a count, a percent or a score. */
export interface PromotionForm {
  versionId: number;
  rule: 'top' | 'percent' | 'score';
  value: number;
  scope: PromotionScope;
  schoolCap?: number;
  ties: 'include' | 'break';
  tieBreakColumn?: number;
  tieBreakRoundId?: number;
}
export interface AwardForm {
  versionId: number;
  levels: AwardLevelInput[];
  ties: 'include' | 'break';
  includeEliminated?: boolean;
  tieBreakColumn?: number;
  tieBreakRoundId?: number;
}

export interface RewardQuery {
  competitionId?: number;
  roundId?: number;
  level?: string;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/** Final scores, promotion, awards, publication, appeals and voting (organiser side, 评审结果 and 淘汰晋级). */
export const resultsApi = {
  calculate: (p: CalculateForm) => http.post<FinalScoreReply>('/review/comment/result/finalScoreCalculation', p),
  versions: (roundId: number, signal?: AbortSignal) => http.get<ScoreVersion[]>('/review/comment/result/versions', { roundId }, signal),
  version: (id: number, signal?: AbortSignal) => http.get<ScoreVersion>('/review/comment/result/version', { id }, signal),
  scores: (q: { versionId: number; pageNum: number; pageSize: number; keyword?: string; disputedOnly?: boolean }, signal?: AbortSignal) =>
    http.get<Page<WorkResult>>('/review/comment/result/scores', { ...q }, signal),
  competitionScore: (p: { competitionId: number; weights: { roundId: number; weight: number }[] }) => http.post<CompetitionScoreReply>('/review/comment/result/competitionScore', p),
  calibration: (versionId: number, signal?: AbortSignal) => http.get<ExpertCalibrationView[]>('/review/comment/result/calibration', { versionId }, signal),
  arbitrate: (roundId: number, workId: number) => http.post<{ expertId: number; name: string }>('/review/distribution/arbitrate', { roundId, workId }),
  promotionPreview: (p: PromotionForm) => http.post<PromotionReply>('/review/comment/result/promotion/preview', p),
  promotionConfirm: (p: PromotionForm) => http.post<PromotionReply>('/review/comment/result/promotion/confirm', p),
  awardPreview: (p: AwardForm) => http.post<AwardReply>('/review/comment/result/award/preview', p),
  awardConfirm: (p: AwardForm) => http.post<AwardReply>('/review/comment/result/award/confirm', p),
  /** 奖励管理: the organisation's award presets. */
  presets: (signal?: AbortSignal) => http.get<AwardPreset[]>('/review/award-preset/list', undefined, signal),
  savePreset: (p: AwardPresetSave) => http.post<AwardPreset>('/review/award-preset/save', p),
  deletePreset: (id: number) => http.post<void>('/review/award-preset/delete', { id }),
  publish: (roundId: number, appealDays: number, reason?: string) => http.post<Publication>('/review/comment/result/publish', { roundId, appealDays, reason }),
  publishReadiness: (roundId: number) => http.get<PublishReadiness>('/review/comment/result/publish/readiness', { roundId }),
  publications: (competitionId: number, signal?: AbortSignal) => http.get<Publication[]>('/review/comment/result/publications', { competitionId }, signal),
  appeals: (q: { roundId: number; status?: AppealStatus; pageNum: number; pageSize: number }, signal?: AbortSignal) =>
    http.get<Page<Appeal>>('/review/comment/result/appeal/page', { ...q }, signal),
  handleAppeal: (id: number, action: 'reject' | 'rereview', reply: string) => http.post<Appeal>('/review/comment/result/appeal/handle', { id, action, reply }),
  openVote: (p: { roundId: number; opensAt: string; closesAt: string; dailyLimit: number }) => http.post<VoteWindow>('/review/comment/result/vote/open', p),
  voteWindows: (competitionId: number, signal?: AbortSignal) => http.get<VoteWindow[]>('/review/comment/result/vote/list', { competitionId }, signal),
  voteReport: (windowId: number, signal?: AbortSignal) => http.get<VoteBoard>('/review/comment/result/vote/report', { windowId }, signal),
  rewards: (q: RewardQuery, signal?: AbortSignal) => http.get<Page<RewardRow>>('/competitionReward/detailedList', { ...q }, signal),
  /** 获奖列表: each published round's awards per event, with each level's count. */
  awardSummary: (q: AwardSummaryQuery, signal?: AbortSignal) => http.get<Page<AwardSummaryRow>>('/competitionReward/list', { ...q }, signal),
  exportRewards: (q: Omit<RewardQuery, 'pageNum' | 'pageSize'>, fileName: string) => http.download('/competitionReward/detailedList/export', { ...q }, fileName),
};
