import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { WebsiteSetting } from '@cmp/contracts';
import { isReportable } from '@/app/http/client';
import { SITE_GROUP_KEY, siteApi, storedSiteRef, type SiteRef } from '@/app/api/site.api';
import { onServer, useServerRead } from '@/app/ssr/ssr';

/**
 * Which organisation's site this is. A ?groupId= in the address picks one (and is remembered for this tab, so
 * links inside the site keep it); otherwise the host decides, as it does on an organisation's own domain.
 */
export function useSiteRef(): SiteRef {
  const [params] = useSearchParams();
  const fromUrl = Number(params.get('groupId'));
  if (fromUrl > 0) {
    if (!onServer) sessionStorage.setItem(SITE_GROUP_KEY, String(fromUrl));
    return { groupId: fromUrl };
  }
  // A server render has no tab: without ?groupId= the host decides (the browser takes over if the tab chose a site).
  return onServer ? {} : storedSiteRef();
}

type Setting = WebsiteSetting & { groupName?: string; groupNameEn?: string };
const cache = new Map<string, Promise<Setting>>();

export interface SiteState {
  site: SiteRef;
  setting?: Setting;
  error: string | null;
  loading: boolean;
  retry(): void;
}

/** The website settings of the current site, loaded once per tab and organisation. */
export function useSite(): SiteState {
  const site = useSiteRef();
  const key = String(site.groupId ?? 'host');
  const server = useServerRead(() => siteApi.setting(site));
  const [state, setState] = useState<{ key: string; setting?: Setting; error: string | null }>({ key, error: null });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    if (!cache.has(key)) cache.set(key, siteApi.setting(site));
    cache.get(key)!.then(
      (setting) => live && setState({ key, setting, error: null }),
      (err: unknown) => {
        cache.delete(key);
        if (live) setState({ key, error: isReportable(err) && err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);

  if (server) {
    const setting = server.ok ? server.data : undefined;
    return { site, setting, error: server.ok ? null : server.error, loading: false, retry: () => undefined };
  }
  const current = state.key === key ? state : { key, error: null };
  return { site, setting: current.setting, error: current.error, loading: !current.setting && !current.error, retry: () => setTick((n) => n + 1) };
}
