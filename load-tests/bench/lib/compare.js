'use strict';
// What the "full path against a bare baseline" benches share: a warmed-up measured run with CPU
// time per process, the CPU note, and the table row.

const os = require('node:os');
const { measure } = require('../../lib/scenario');
const { startCpuProbe } = require('./cpu');

const WARMUP_SECONDS = 3;

// Warm-up first (JIT, connection pools, caches), then the measured run with CPU time taken per process.
async function measureTarget(ctx, label, baseUrl, scenario, vars, cpuGroups) {
  ctx.log(`${label}: warm-up ${WARMUP_SECONDS} s`);
  await measure({ baseUrl, scenario, vars, durationSeconds: WARMUP_SECONDS });
  ctx.log(`${label}: ${scenario.connections} connections for ${scenario.durationSeconds} s`);
  const probe = startCpuProbe(cpuGroups);
  const summary = await measure({ baseUrl, scenario, vars });
  summary.cpu = probe.stop();
  ctx.log(`${label}: ${Math.round(summary.reqPerSec)} req/s, p50 ${summary.p50} ms, p99 ${summary.p99} ms`);
  return summary;
}

// "gateway 0.92 cores (190 µs/req)": where the CPU goes, busiest first.
function cpuNote(label, s) {
  if (!s.cpu) return null;
  const parts = Object.entries(s.cpu.cores)
    .sort((a, b) => b[1] - a[1])
    .map(([name, cores]) => `${name} ${cores.toFixed(2)} (${Math.round((cores * s.cpu.seconds * 1e6) / Math.max(1, s.total))} µs/req)`);
  // Busy time no listed process accounts for: kernel (loopback network) and other processes.
  const cpus = os.availableParallelism();
  const other = s.cpu.machineBusy * cpus - Object.values(s.cpu.cores).reduce((a, b) => a + b, 0);
  return `CPU during ${label}, in cores used (machine ${Math.round(s.cpu.machineBusy * 100)}% busy of ${cpus} CPUs): ${parts.join(', ')}; other ${Math.max(0, other).toFixed(2)}.`;
}

const row = (target, s, ratio) => ({
  Target: target,
  'req/s': Math.round(s.reqPerSec),
  'p50 ms': s.p50,
  'p99 ms': s.p99,
  Errors: s.errors,
  'Non-2xx': s.non2xx,
  'vs bare': `${ratio.toFixed(2)}×`,
});

const met = (ok) => (ok ? 'met' : 'NOT met');

module.exports = { WARMUP_SECONDS, measureTarget, cpuNote, row, met };
