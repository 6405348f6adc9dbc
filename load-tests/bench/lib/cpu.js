'use strict';
// CPU time per process during a measurement, read from /proc (Linux only; elsewhere it reports
// nothing). Tells which process is the bottleneck without pidstat or top being installed.

const fs = require('node:fs');
const { spawnSync } = require('node:child_process');

const SUPPORTED = fs.existsSync('/proc/self/stat');
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** utime + stime of a process, in clock ticks; 0 when it is gone. */
function ticksOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields[0] is field 3 (state)
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Pids whose command name is `comm` (e.g. every PostgreSQL backend). */
function pidsNamed(comm) {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) pids.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

/** Busy and total jiffies of the whole machine, from the first line of /proc/stat. */
function machineTicks() {
  const [, ...nums] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const v = nums.map(Number);
  const idle = v[3] + (v[4] || 0); // idle + iowait
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0); // guest time is already in user
  return { busy: total - idle, total };
}

/**
 * Starts measuring. `groups` maps a label to pids or to a command name (looked up again at the
 * end, so PostgreSQL backends forked meanwhile count too). stop() returns
 * { seconds, machineBusy (0..1), cores: { label: cores used on average } }, the load generator
 * (this process) included.
 */
function startCpuProbe(groups) {
  if (!SUPPORTED) return { stop: () => null };
  const pidsOf = (g) => (typeof g === 'string' ? pidsNamed(g) : g);
  const before = {};
  for (const [label, g] of Object.entries(groups)) before[label] = new Map(pidsOf(g).map((p) => [p, ticksOf(p)]));
  const self = process.cpuUsage();
  const machine = machineTicks();
  const t0 = process.hrtime.bigint();
  return {
    stop() {
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      const cores = {};
      for (const [label, g] of Object.entries(groups)) {
        let ticks = 0;
        for (const p of pidsOf(g)) ticks += ticksOf(p) - (before[label].get(p) || 0);
        cores[label] = ticks / TICKS_PER_SECOND / seconds;
      }
      const used = process.cpuUsage(self);
      cores['load generator'] = (used.user + used.system) / 1e6 / seconds;
      const m = machineTicks();
      return { seconds, machineBusy: (m.busy - machine.busy) / (m.total - machine.total), cores };
    },
  };
}

module.exports = { startCpuProbe, pidsNamed };
