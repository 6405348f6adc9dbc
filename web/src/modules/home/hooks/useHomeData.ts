import type { Competition, WebsiteSetting } from '@cmp/contracts';
import { useAsync } from '@/app/hooks/useAsync';
import { siteApi, type LastRound, type SiteRef } from '@/app/api/site.api';

export interface HomeData {
  setting: WebsiteSetting & { groupName?: string; groupNameEn?: string };
  site: SiteRef;
  lastRound: LastRound | undefined;
  competitions: Competition[];
  total: number;
  loading: boolean;
}

/** What every homepage template shows: the newest round and the site's published competitions. */
export function useHomeData(site: SiteRef, setting: HomeData['setting']): HomeData {
  const groupId = setting.groupId;
  const last = useAsync((signal) => siteApi.lastRound({ groupId }, signal), [groupId]);
  const list = useAsync((signal) => siteApi.competitions({ groupId, pageNum: 1, pageSize: 6 }, signal), [groupId]);
  return {
    setting,
    site,
    lastRound: last.data,
    competitions: list.data?.list ?? [],
    total: list.data?.total ?? 0,
    loading: last.loading || list.loading,
  };
}
