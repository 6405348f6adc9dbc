'use strict';
// Child processes of a bench run: started here, tracked, and always stopped at the end,
// including on errors, Ctrl-C and a crash of the runner itself.

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const running = new Set();

// Last resort when the runner dies without cleaning up: 'exit' handlers must be synchronous.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts a tracked child; keeps the tail of its output to explain a failed start. `options`: spawn's uid, gid, cwd. */
function start(name, cmd, args, env, options = {}) {
  const child = spawn(cmd, args, { ...options, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.label = name;
  child.output = '';
  const keep = (chunk) => {
    child.output = (child.output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('error', (e) => keep(`\n${e.message}`));
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM for a graceful shutdown, SIGKILL when it takes longer than a few seconds. */
async function stop(child, graceMs = 5000) {
  if (hasExited(child)) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  if (await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)])) return;
  child.kill('SIGKILL');
  await exited;
}

const stopAll = () => Promise.all([...running].map((c) => stop(c)));

function diedError(child) {
  return new Error(`${child.label} exited (${child.exitCode ?? child.signalCode}) while starting:\n${child.output.trim()}`);
}

/** Runs a command to completion (tracked too, so Ctrl-C stops it); rejects with its output on failure. */
function exec(name, cmd, args, env, options) {
  const child = start(name, cmd, args, env, options);
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve(child.output) : reject(diedError(child))));
  });
}

function findBinary(name) {
  const dirs = [...(process.env.PATH || '').split(':'), '/usr/local/sbin', '/usr/sbin', '/sbin'];
  return dirs.map((d) => path.join(d, name)).find((f) => {
    try {
      fs.accessSync(f, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Polls until check() resolves truthy; fails at once if one of the watched children exits. */
async function waitUntil(what, check, children = [], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = children.find(hasExited);
    if (dead) throw diedError(dead);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      const tails = children.map((c) => `--- ${c.label}:\n${c.output.trim()}`).join('\n');
      throw new Error(`Timed out waiting for ${what}\n${tails}`);
    }
    await sleep(250);
  }
}

/** Waits for an envelope endpoint (such as /prod-api/health) to answer code 0. */
const waitHealthy = (url, children, timeoutMs) =>
  waitUntil(url, async () => (await (await fetch(url)).json()).code === 0, children, timeoutMs);

const tcpOpen = (host, port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

module.exports = { start, stop, stopAll, exec, freePort, waitUntil, waitHealthy, tcpOpen, findBinary };
