// The one table of metrics ports (Prometheus text on /metrics, readiness on /ready), used by `npm start`
// (infra/start.js), the end-to-end platform (services/gateway/test/support/platform.ts), compose and Kubernetes
// (infra/manifests.spec.js checks both against it) and listed in README.md. Each process serves its metrics on its
// own internal port, never on the public API. Replica r of a process takes the port STRIDE * r above replica 0's.
'use strict';

const PROCESSES = [
  'gateway',
  'auth',
  'competitions',
  'enrollment',
  'certificates',
  'review',
  'payment',
  'certificates-worker',
  'review-worker',
  'payment-worker',
  'alipay-sandbox',
  'statistics',
  'statistics-worker',
];
/** Room for the table to grow before replica 1's ports begin. */
const STRIDE = 20;
const BASE = 9400;

/** The metrics port of replica `replica` of `processName` (a name from PROCESSES). */
function metricsPort(processName, replica = 0, base = BASE) {
  const i = PROCESSES.indexOf(processName);
  if (i < 0) throw new Error(`no metrics port for "${processName}": add it to infra/metrics-ports.js`);
  if (!Number.isInteger(replica) || replica < 0) throw new Error(`replica must be a whole number from 0, got ${replica}`);
  return base + replica * STRIDE + i;
}

module.exports = { metricsPort, METRICS_PROCESSES: PROCESSES, METRICS_PORT_BASE: BASE, METRICS_PORT_STRIDE: STRIDE };
