'use strict';

const { metricsPort, METRICS_PROCESSES, METRICS_PORT_STRIDE } = require('./metrics-ports');

describe('metrics ports', () => {
  test('every process and replica has its own port', () => {
    const ports = [0, 1, 2, 3].flatMap((r) => METRICS_PROCESSES.map((p) => metricsPort(p, r)));
    expect(new Set(ports).size).toBe(ports.length);
    expect(METRICS_PROCESSES.length).toBeLessThanOrEqual(METRICS_PORT_STRIDE);
  });

  test('the table starts at the base and refuses a name it does not know', () => {
    expect(metricsPort('gateway')).toBe(9400);
    expect(metricsPort('gateway', 0, 21300)).toBe(21300);
    expect(metricsPort('review-worker', 1, 21300)).toBe(21300 + METRICS_PORT_STRIDE + METRICS_PROCESSES.indexOf('review-worker'));
    // A process added later takes the next free port: those already deployed (README, compose, k8s) keep theirs.
    expect(metricsPort('alipay-sandbox')).toBe(9410);
    expect(metricsPort('statistics')).toBe(9411);
    expect(() => metricsPort('nginx')).toThrow(/infra\/metrics-ports\.js/);
    expect(() => metricsPort('auth', -1)).toThrow();
  });
});
