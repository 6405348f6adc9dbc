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

class E2ERunner extends TestRunner {
  async runTests(tests, watcher, options) {
    if (options.serial) return super.runTests(tests, watcher, options);
    const shared = tests.filter((t) => !runsAlone(t.path));
    const alone = tests.filter((t) => runsAlone(t.path));
    if (shared.length) await super.runTests(shared, watcher, options);
    if (alone.length && !watcher.isInterrupted()) await super.runTests(alone, watcher, { ...options, serial: true });
  }
}

module.exports = E2ERunner;
module.exports.runsAlone = runsAlone;
