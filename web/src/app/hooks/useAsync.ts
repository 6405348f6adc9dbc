import { useCallback, useEffect, useRef, useState } from 'react';
import { isReportable } from '@/app/http/client';
import { useServerRead } from '@/app/ssr/ssr';

export interface AsyncState<T> {
  data: T | undefined;
  loading: boolean;
  /** the failure's message (the HTTP client has already toasted it); null when another part of the app handles it */
  error: string | null;
  reload(): void;
}

/** Runs `load` now and whenever `deps` change; a newer run cancels the older one. Pass enabled=false to skip. */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[], enabled = true): AsyncState<T> {
  // A server render reads now and waits (app/ssr); the browser reads in the effect below.
  const server = useServerRead(enabled ? () => load(new AbortController().signal) : null);
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    latest
      .current(controller.signal)
      .then((d) => {
        if (!controller.signal.aborted) setData(d);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted && isReportable(err)) setError(err instanceof Error ? err.message : String(err));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick, enabled]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  if (server) return { data: server.ok ? server.data : undefined, loading: false, error: server.ok ? null : server.error, reload };
  return { data, loading, error, reload };
}
