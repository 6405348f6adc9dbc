// Runs the end-to-end files against the one shared platform in two groups: first every file that leaves the
// platform as it found it, in jest's workers (`--maxWorkers`, two on a 2-core machine: most of a file's time is
// spent waiting on the platform and the browser, not on the test process); then, one at a time, the files whose
// header says `@e2e-alone` (they kill and restart a process, or flood the platform), in the order of
// jest.sequencer.js (the route fuzzer last). With --runInBand everything runs one at a time, as before.
// Files that may run beside others but not beside each other (one shared setting) hold a named lock:
// services/gateway/test/support/exclusive.ts.
const fs = require('node:fs');
const TestRunner = require('jest-runner').default;

const ALONE = /^\s*(?:\*|\/\/)\s*@e2e-alone\b/m;
const aloneCache = new Map();

/** Whether the file's header comment (its first 4 KB) marks it `@e2e-alone`. */
function runsAlone(file) {
  if (!aloneCache.has(file)) {
    const fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(4096);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
    aloneCache.set(file, ALONE.test(head.subarray(0, n).toString('utf8')));
  }
  return aloneCache.get(file);
}

const isE2E = (t) => t.context.config.displayName?.name === 'e2e';

/**
 * Every project's files come here (the unit projects name this runner too): the end-to-end files that share the
 * platform first, in the workers; then the `@e2e-alone` files one at a time, while the unit files (which need no
 * platform) take one worker beside them, on a core the lone file mostly leaves idle.
 */
class E2ERunner extends TestRunner {
  #listeners = [];

  on(eventName, listener) {
    this.#listeners.push([eventName, listener]);
    return super.on(eventName, listener);
  }

  async runTests(tests, watcher, options) {
    if (options.serial) return super.runTests(tests, watcher, options);
    const shared = tests.filter((t) => isE2E(t) && !runsAlone(t.path));
    const alone = tests.filter((t) => isE2E(t) && runsAlone(t.path));
    const unit = tests.filter((t) => !isE2E(t));
    if (shared.length) await super.runTests(shared, watcher, options);
    if (watcher.isInterrupted()) return;
    if (!alone.length) return unit.length ? super.runTests(unit, watcher, options) : undefined;
    await Promise.all([super.runTests(alone, watcher, { ...options, serial: true }), unit.length ? this.#beside().runTests(unit, watcher, options) : null]);
  }

  /** A runner of one worker whose events reach the same listeners (jest's scheduler subscribed to this one). */
  #beside() {
    const runner = new TestRunner({ ...this._globalConfig, maxWorkers: 1 }, this._context);
    for (const [eventName, listener] of this.#listeners) runner.on(eventName, listener);
    return runner;
  }
}

module.exports = E2ERunner;
module.exports.runsAlone = runsAlone;
