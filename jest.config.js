/** One jest run for the whole repo: fast unit tests, then end-to-end tests against the real platform. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// Packages resolve to their sources, so tests never run against a stale build.
const moduleNameMapper = {
  '^@cmp/contracts$': '<rootDir>/services/contracts/src/index.ts',
  '^@cmp/common$': '<rootDir>/services/common/src/index.ts',
};

// Dependencies published only as ES modules (content-disposition 3, under @fastify/static, under bull-board) are
// compiled to CommonJS like our sources: Node loads them with require(), jest's module loader does not.
const ESM_ONLY = ['content-disposition'];
const serviceProject = {
  rootDir: __dirname,
  transform: { '^.+\\.ts$': swc, [`node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: swc },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  moduleNameMapper,
  testEnvironment: 'node',
};

module.exports = {
  // A bound for a hung test, not a measure (with --maxWorkers=2, files run two at a time beside Chromium).
  testTimeout: 120000,
  testSequencer: '<rootDir>/jest.sequencer.js',
  projects: [
    '<rootDir>/web',
    {
      ...serviceProject,
      displayName: 'unit',
      // Beside the end-to-end files that run alone (jest.e2e-runner.js).
      runner: '<rootDir>/jest.e2e-runner.js',
      // The kiosk's pure logic (no browser) runs here too; its screens are tested in the browser (web/test).
      testMatch: ['<rootDir>/services/*/src/**/*.spec.ts', '<rootDir>/kiosk/src/**/*.spec.ts', '<rootDir>/infra/**/*.spec.js'],
    },
    {
      ...serviceProject,
      displayName: 'e2e',
      // Browser tests of the web app (web/test) run against the same platform, in the same run.
      testMatch: ['<rootDir>/services/*/test/**/*.e2e-spec.ts', '<rootDir>/web/test/**/*.e2e-spec.ts', '<rootDir>/infra/**/*.e2e-spec.js'],
      globalSetup: '<rootDir>/services/gateway/test/support/global-setup.ts',
      // With --maxWorkers=2: two at a time, then the files marked `@e2e-alone` one at a time (see the runner).
      runner: '<rootDir>/jest.e2e-runner.js',
      globalTeardown: '<rootDir>/services/gateway/test/support/global-teardown.ts',
    },
  ],
};
