/** Unit tests of the web app's pure logic (guard, menu transform, HTTP code handling, click guard). */
export default {
  displayName: 'web',
  rootDir: '.',
  testEnvironment: 'node',
  // Beside the end-to-end files that run alone (../jest.e2e-runner.js).
  runner: '<rootDir>/../jest.e2e-runner.js',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@cmp/contracts$': '<rootDir>/../services/contracts/src/index.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
};
