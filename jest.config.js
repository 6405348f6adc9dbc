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

module.exports = {
  testTimeout: 60000,
  projects: [
    '<rootDir>/web',
    {
      displayName: 'unit',
      rootDir: __dirname,
      testMatch: ['<rootDir>/services/*/src/**/*.spec.ts', '<rootDir>/infra/**/*.spec.js'],
      transform: { '^.+\\.ts$': swc },
      moduleNameMapper,
      testEnvironment: 'node',
    },
    {
      displayName: 'e2e',
      rootDir: __dirname,
      testMatch: ['<rootDir>/services/*/test/**/*.e2e-spec.ts'],
      transform: { '^.+\\.ts$': swc },
      moduleNameMapper,
      testEnvironment: 'node',
      globalSetup: '<rootDir>/services/gateway/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/services/gateway/test/support/global-teardown.ts',

    },
  ],
};
