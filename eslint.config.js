// One lint setup for the repo. Its main job beyond style: services share only contracts and
// common, and nobody reaches into a package's internals.
const tseslint = require('typescript-eslint');
const fs = require('node:fs');

const services = fs.readdirSync(`${__dirname}/services`).filter((d) => !['contracts', 'common'].includes(d));

const boundaries = {
  patterns: [
    {
      group: ['@cmp/*/*'],
      message: 'Import a package through its entry point (@cmp/name), never its internals.',
    },
    {
      group: services.map((s) => `@cmp/${s}`),
      message: 'A service never imports another service: share types through @cmp/contracts, ask over NATS.',
    },
    {
      group: ['**/services/*/src/**', '../../*/src/**', '**/dist/**'],
      message: 'No relative imports across packages or into build output.',
    },
  ],
};

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'web/**', 'kiosk/**', 'test-artifacts/**', '.data/**', 'coverage/**'] },
  {
    files: ['services/**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: {
      'no-restricted-imports': ['error', boundaries],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  { files: ['load-tests/k6/**/*.js'], languageOptions: { sourceType: 'module' } },
  {
    files: ['**/*.js'],
    ignores: ['load-tests/k6/**'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
  },
);
