import { newCounter, newGauge, newHistogram } from '@cmp/common';

/**
 * The gateway's own metrics, served with the process metrics on its internal metrics port (METRICS_PORT, see
 * startMetrics in common), never on the public API.
 */
export const metrics = {
  requestDuration: newHistogram('gateway_http_request_duration_seconds', 'HTTP request duration by route and response code', ['method', 'route', 'status'], [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
  ]),
  publicCache: newCounter('gateway_public_cache_total', 'Public reads answered from the gateway cache (hit) or by a service (miss)', ['result']),
  rateLimited: newCounter('gateway_rate_limited_total', 'Requests refused by the per-address rate limit'),
  /** Venue screens connected to this process, by socket.io namespace. */
  kioskSockets: newGauge('gateway_kiosk_sockets', 'socket.io connections open on this process, by namespace', ['namespace']),
  kioskEmitted: newCounter('gateway_kiosk_events_emitted_total', 'socket.io events sent to rooms or devices, by namespace and event', ['namespace', 'event']),
  kioskRecovered: newCounter('gateway_kiosk_recoveries_total', 'socket.io connections whose state was recovered after a disconnection, by namespace', ['namespace']),
};
