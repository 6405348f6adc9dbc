// Jest's own order (slowest and previously failed first), except that the route fuzzer runs last: its
// thousands of requests leave junk rows that earlier tests should not have to see. (With workers, the files marked
// `@e2e-alone` run after all the others, in this order: jest.e2e-runner.js.)
const Sequencer = require('@jest/test-sequencer').default;

module.exports = class FuzzLastSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const isFuzz = (t) => /route-fuzz\.e2e-spec\.ts$/.test(t.path);
    return [...sorted.filter((t) => !isFuzz(t)), ...sorted.filter(isFuzz)];
  }
};
