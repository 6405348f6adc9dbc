'use strict';

const { once } = require('node:events');
const { Supervisor } = require('./supervisor');

// Real child processes; the waits are on the supervisor's events, never on a clock.
const node = (script) => ({ command: process.execPath, args: ['-e', script], stdio: 'ignore' });
const SLEEPER = 'setInterval(() => {}, 1000)';
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const restarted = (s, name) =>
  new Promise((resolve) => {
    const on = (entry) => {
      if (entry.name !== name) return;
      s.off('restart', on);
      resolve(entry);
    };
    s.on('restart', on);
  });

describe('Supervisor', () => {
  let s;
  let lines;
  const make = (options = {}) => {
    lines = [];
    s = new Supervisor({ log: (line) => lines.push(line), initialDelayMs: 10, ...options });
    return s;
  };
  afterEach(async () => {
    await s?.stop();
    s = undefined;
  });

  it('starts a process and lists it as up', async () => {
    // The pid is known as soon as add() returns.
    make().add({ name: 'review', replica: 0, ...node(SLEEPER) });
    const [entry] = s.list();
    expect(entry).toEqual({ name: 'review', replica: 0, pid: expect.any(Number), restarts: 0, up: true });
    expect(alive(entry.pid)).toBe(true);
  });

  it('restarts a SIGKILLed process and says so', async () => {
    make().add({ name: 'review', replica: 0, ...node(SLEEPER) });
    const before = s.list()[0].pid;
    const back = restarted(s, 'review');
    expect(s.kill('review', 0)).toBe(true);
    await back;
    const [entry] = s.list();
    expect(entry.pid).not.toBe(before);
    expect(entry).toMatchObject({ restarts: 1, up: true });
    expect(alive(entry.pid)).toBe(true);
    expect(lines).toEqual(['review#0 exited (signal SIGKILL); restarting in 0.01 s', 'review#0 restarted']);
  });

  it('restarts a process that exits on its own with an error code', async () => {
    make().add({ name: 'payment-worker', replica: 1, ...node('setTimeout(() => process.exit(3), 50)') });
    await restarted(s, 'payment-worker');
    expect(lines[0]).toBe('payment-worker#1 exited (code 3); restarting in 0.01 s');
  });

  it('doubles the delay up to the maximum while the process keeps dying', async () => {
    make({ initialDelayMs: 5, maxDelayMs: 20 }).add({ name: 'crash', ...node('process.exit(1)') });
    for (let i = 0; i < 5; i++) await restarted(s, 'crash');
    const delays = lines.filter((l) => l.includes('restarting in')).map((l) => l.match(/in ([\d.]+) s/)[1]);
    expect(delays.slice(0, 5)).toEqual(['0.005', '0.01', '0.02', '0.02', '0.02']);
    expect(s.list()[0].restarts).toBeGreaterThanOrEqual(5);
  });

  it('starts the backoff again once a process stayed up long enough', async () => {
    // resetAfterMs 0: every run counts as long enough, so every delay is the first one.
    make({ initialDelayMs: 5, resetAfterMs: 0 }).add({ name: 'crash', ...node('process.exit(1)') });
    for (let i = 0; i < 3; i++) await restarted(s, 'crash');
    const delays = lines.filter((l) => l.includes('restarting in')).map((l) => l.match(/in ([\d.]+) s/)[1]);
    expect(delays.slice(0, 3)).toEqual(['0.005', '0.005', '0.005']);
  });

  it('keeps replicas of one name apart', async () => {
    make();
    s.add({ name: 'auth', replica: 0, ...node(SLEEPER) });
    s.add({ name: 'auth', replica: 1, ...node(SLEEPER) });
    expect(() => s.add({ name: 'auth', replica: 1, ...node(SLEEPER) })).toThrow('auth#1 is already supervised');
    const other = s.list()[0].pid;
    const back = restarted(s, 'auth');
    s.kill('auth', 1);
    const entry = await back;
    expect(entry.replica).toBe(1);
    expect(s.list().map((e) => e.restarts)).toEqual([0, 1]);
    expect(s.list()[0].pid).toBe(other);
  });

  it('stop() ends every process, kills those that ignore SIGTERM, and restarts none', async () => {
    make({ stopTimeoutMs: 200 });
    s.add({ name: 'polite', ...node(SLEEPER) });
    // Ignores SIGTERM; says when its handler is in place so the test does not race it.
    s.add({ name: 'stubborn', ...node("process.on('SIGTERM', () => {}); process.send('ready'); setInterval(() => {}, 1000)"), stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    const stubborn = s.find('stubborn', 0).child;
    await once(stubborn, 'message');
    const pids = s.list().map((e) => e.pid);
    let restarts = 0;
    s.on('restart', () => restarts++);
    await s.stop();
    expect(pids.map(alive)).toEqual([false, false]);
    expect(s.list().map((e) => e.up)).toEqual([false, false]);
    expect(stubborn.signalCode).toBe('SIGKILL');
    expect(lines).toContain('stubborn#0 did not stop within 0.2 s; killing it');
    expect(restarts).toBe(0);
    expect(() => s.add({ name: 'late', ...node(SLEEPER) })).toThrow('stopping');
  });

  it('stop() cancels a restart that was waiting for its delay', async () => {
    make({ initialDelayMs: 60000 }).add({ name: 'review', ...node(SLEEPER) });
    const exited = once(s, 'exit');
    s.kill('review', 0);
    await exited;
    expect(lines).toEqual(['review#0 exited (signal SIGKILL); restarting in 60 s']);
    await s.stop();
    expect(s.list()[0]).toMatchObject({ up: false, restarts: 0 });
  });
});
