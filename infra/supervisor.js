// A small process supervisor for `npm start` (and anything else that runs the platform's processes):
// each process is restarted whenever it exits unexpectedly, with exponential backoff, and says so.
'use strict';

const { spawn } = require('node:child_process');
const { EventEmitter } = require('node:events');

const DEFAULTS = { initialDelayMs: 500, maxDelayMs: 10000, resetAfterMs: 30000, stopTimeoutMs: 10000 };

const seconds = (ms) => `${Number((ms / 1000).toFixed(3))} s`;

/**
 * Events (for callers and tests): 'spawn' (entry), 'exit' (entry, { code, signal }), 'restart' (entry, delayMs).
 * Options: log, initialDelayMs (500), maxDelayMs (10000), resetAfterMs (30000), stopTimeoutMs (10000).
 */
class Supervisor extends EventEmitter {
  constructor(options = {}) {
    super();
    this.log = options.log ?? console.log;
    this.options = { ...DEFAULTS, ...options };
    this.entries = [];
    this.stopping = false;
    // A safety net when the owner exits without awaiting stop(): no process is left behind.
    this.onOwnerExit = () => this.entries.forEach((e) => signalGroup(e, 'SIGKILL'));
    process.on('exit', this.onOwnerExit);
  }

  /** Starts a process and keeps it running until stop(). */
  add({ name, replica = 0, command, args = [], env = process.env, cwd, stdio = 'inherit' }) {
    if (this.stopping) throw new Error('the supervisor is stopping');
    if (this.find(name, replica)) throw new Error(`${name}#${replica} is already supervised`);
    const entry = { name, replica, command, args, env, cwd, stdio, child: null, restarts: 0, delayMs: 0, startedAt: 0, timer: null, exited: null };
    this.entries.push(entry);
    this.start(entry);
    return entry;
  }

  list() {
    return this.entries.map((e) => ({ name: e.name, replica: e.replica, pid: e.child?.pid, restarts: e.restarts, up: isUp(e) }));
  }

  /** Fault injection: signals one process; unless the supervisor is stopping, it is restarted. */
  kill(name, replica = 0, signal = 'SIGKILL') {
    const entry = this.find(name, replica);
    if (!entry) throw new Error(`${name}#${replica} is not supervised`);
    if (!isUp(entry)) return false;
    signalGroup(entry, signal);
    return true;
  }

  /** SIGTERMs every process, waits up to stopTimeoutMs, then SIGKILLs what is left. Nothing is restarted. */
  async stop() {
    this.stopping = true;
    for (const e of this.entries) clearTimeout(e.timer);
    const running = this.entries.filter(isUp);
    running.forEach((e) => signalGroup(e, 'SIGTERM'));
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(resolve, this.options.stopTimeoutMs);
    });
    await Promise.race([Promise.all(running.map((e) => e.exited)), timeout]);
    clearTimeout(timer);
    const stubborn = this.entries.filter(isUp);
    for (const e of stubborn) {
      this.log(`${label(e)} did not stop within ${seconds(this.options.stopTimeoutMs)}; killing it`);
      signalGroup(e, 'SIGKILL');
    }
    await Promise.all(stubborn.map((e) => e.exited));
    // Anything the processes themselves started in their groups (npx → vite) goes too.
    this.entries.forEach((e) => signalGroup(e, 'SIGKILL'));
    process.removeListener('exit', this.onOwnerExit);
  }

  find(name, replica) {
    return this.entries.find((e) => e.name === name && e.replica === replica);
  }

  start(entry) {
    // Its own process group: stop() reaches grandchildren (npx → vite), and a terminal's Ctrl-C reaches only the
    // supervisor, which then stops everything in order instead of racing the children's own exits.
    const child = spawn(entry.command, entry.args, { env: entry.env, cwd: entry.cwd, stdio: entry.stdio, detached: true });
    entry.child = child;
    entry.startedAt = Date.now();
    entry.exited = new Promise((resolve) => {
      let done = false;
      const finish = (code, signal) => {
        if (done) return;
        done = true;
        resolve();
        this.onExit(entry, child, code, signal);
      };
      child.once('exit', finish);
      child.once('error', (error) => {
        // spawn failed (no such command): nothing ran, so nothing will exit; treat it as an exit.
        if (child.pid === undefined) {
          this.log(`${label(entry)} could not start: ${error.message}`);
          finish(null, null);
        }
      });
    });
    if (child.pid !== undefined) this.emit('spawn', entry);
  }

  onExit(entry, child, code, signal) {
    if (entry.child !== child) return;
    this.emit('exit', entry, { code, signal });
    if (this.stopping) return;
    const upFor = Date.now() - entry.startedAt;
    // A process that stayed up long enough starts the backoff again from the beginning.
    entry.delayMs = entry.delayMs === 0 || upFor >= this.options.resetAfterMs
      ? this.options.initialDelayMs
      : Math.min(entry.delayMs * 2, this.options.maxDelayMs);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    this.log(`${label(entry)} exited (${how}); restarting in ${seconds(entry.delayMs)}`);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      if (this.stopping) return;
      entry.restarts += 1;
      this.start(entry);
      if (entry.child.pid !== undefined) {
        this.log(`${label(entry)} restarted`);
        this.emit('restart', entry, entry.delayMs);
      }
    }, entry.delayMs);
  }
}

const label = (e) => `${e.name}#${e.replica}`;

const isUp = (e) => Boolean(e.child && e.child.pid !== undefined && e.child.exitCode === null && e.child.signalCode === null);

function signalGroup(entry, signal) {
  const pid = entry.child?.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

module.exports = { Supervisor };
