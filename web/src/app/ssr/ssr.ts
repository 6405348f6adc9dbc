import { createContext, use, useContext } from 'react';
import type { Params } from '../http/client';

/**
 * Server rendering of the public pages (web/src/ssr/entry-server.tsx). On the server there are no effects: a page's
 * reads (useAsync, useSite) run during render instead, through the fetcher the server puts in SsrContext, and the
 * render waits for them (React's `use` suspends; prerender waits for every suspension). In the browser the context
 * is empty and nothing here runs.
 */
export interface SsrFetcher {
  /** The host the visitor asked for (its site, its labels). */
  host: string;
  /** One GET of the API (path under /prod-api), answered by the server itself; shared by equal requests. */
  get(url: string, params?: Params): Promise<unknown>;
  /** Settled answers by key, so a render after a suspension reads the same promise again. */
  settled: Map<string, Promise<SsrResult<unknown>>>;
}

export type SsrResult<T> = { ok: true; data: T } | { ok: false; error: string };

export const SsrContext = createContext<SsrFetcher | null>(null);

/** The fetcher the HTTP client answers through while a read runs during a server render (set only synchronously). */
let capturing: { fetcher: SsrFetcher; urls: string[] } | null = null;

/** http.get's way in: the server's answer to a read made during a server render, or null in the browser. */
export function ssrGet(url: string, params?: Params): Promise<unknown> | null {
  if (!capturing) return null;
  capturing.urls.push(`${url}?${JSON.stringify(params ?? {})}`);
  return capturing.fetcher.get(url, params);
}

/**
 * On the server: runs `load` now, suspends until it settles and answers its outcome (the same promise on every render
 * after the first, keyed by the requests `load` made). In the browser: null (the caller loads in an effect).
 */
export function useServerRead<T>(load: (() => Promise<T>) | null): SsrResult<T> | null {
  const fetcher = useContext(SsrContext);
  if (!fetcher || !load) return null;
  const frame = { fetcher, urls: [] as string[] };
  capturing = frame;
  let promise: Promise<T>;
  try {
    promise = load();
  } catch (err) {
    promise = Promise.reject(err);
  } finally {
    capturing = null;
  }
  const key = frame.urls.join(' ');
  if (!fetcher.settled.has(key)) {
    fetcher.settled.set(
      key,
      promise.then(
        (data) => ({ ok: true, data }),
        (err: unknown) => ({ ok: false, error: err instanceof Error ? err.message : String(err) }),
      ),
    );
  } else {
    promise.catch(() => undefined);
  }
  return use(fetcher.settled.get(key)!) as SsrResult<T>;
}

/** True while rendering on the server (no window, no storage, no effects). */
export const onServer = typeof window === 'undefined';
