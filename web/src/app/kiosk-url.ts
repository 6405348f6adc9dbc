/**
 * Where the kiosk app (kiosk/) is served: VITE_KIOSK_URL when set, otherwise the same host on the web app's port + 1
 * (5173 → 5174, as `npm start` serves them).
 */
export function kioskUrl(query: Record<string, string | number> = {}): string {
  const base = import.meta.env.VITE_KIOSK_URL || `${location.protocol}//${location.hostname}:${Number(location.port || (location.protocol === 'https:' ? 443 : 80)) + 1}`;
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${base.replace(/\/$/, '')}/${q ? `?${q}` : ''}`;
}
