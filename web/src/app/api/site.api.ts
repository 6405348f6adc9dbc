import type {
  Competition,
  CompetitionDetail,
  Option,
  Page,
  PublicCompetitionQuery,
  PublicNewsDetail,
  PublicNewsItem,
  PublicNewsPageQuery,
  ScheduleEntry,
  WebsiteSetting,
} from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The public site's organisation: the one named in the address (?groupId=), else the one the host belongs to. */
export interface SiteRef {
  groupId?: number;
}

/** Where the public site keeps the organisation a ?groupId= picked, for this tab (links inside the site keep it). */
export const SITE_GROUP_KEY = 'siteGroupId';

/** The site this tab is on outside the public pages (login, register): the one picked earlier, else the host's. */
export function storedSiteRef(): SiteRef {
  const stored = Number(sessionStorage.getItem(SITE_GROUP_KEY));
  return stored > 0 ? { groupId: stored } : {};
}

export type PublicCompetition = Omit<CompetitionDetail, 'review'>;
export type LastRound = (Competition & { competitionId: number; competitionName: string }) | null;

export const siteApi = {
  setting: (site: SiteRef, signal?: AbortSignal) => http.get<WebsiteSetting & { groupName?: string; groupNameEn?: string }>('/web/competitionWebsite/getWebsiteSetting', { ...site }, signal),
  lastRound: (site: SiteRef, signal?: AbortSignal) => http.get<LastRound>('/home/competition/competition/lastRound', { ...site }, signal),
  competitions: (q: PublicCompetitionQuery, signal?: AbortSignal) => http.get<Page<Competition>>('/home/competition/page', { ...q }, signal),
  competition: (id: number, signal?: AbortSignal) => http.get<PublicCompetition>('/home/competition/detail', { id }, signal),
  schedule: (competitionId: number, signal?: AbortSignal) => http.get<ScheduleEntry[]>('/competition/schedule/getSchedule', { competitionId }, signal),
  competitionOptions: (groupId: number, signal?: AbortSignal) => http.get<Option[]>('/web/competition/group/competition/list', { groupId }, signal),
  news: (q: PublicNewsPageQuery, signal?: AbortSignal) => http.get<Page<PublicNewsItem>>('/home/competition/news/page', { ...q }, signal),
  newsItem: (id: number, signal?: AbortSignal) => http.get<PublicNewsDetail>('/home/competition/news/detail', { id }, signal),
};
