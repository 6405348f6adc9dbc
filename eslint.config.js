// One lint setup for the repo. Its main job beyond style: services share only contracts and
// common, the web and kiosk share only contracts, web modules never import each other, and nobody
// reaches into a package's internals.
const js = require('@eslint/js');
const globals = require('globals');
const tseslint = require('typescript-eslint');
const react = require('eslint-plugin-react');
const reactHooks = require('eslint-plugin-react-hooks');
const fs = require('node:fs');

const services = fs.readdirSync(`${__dirname}/services`).filter((d) => !['contracts', 'common'].includes(d));

// Deeper than any folder we have; a file below it escapes only the climb check.
const MAX_DEPTH = 10;

const deepImports = {
  group: ['@cmp/*/*'],
  message: 'Import a package through its entry point (@cmp/name), never its internals.',
};

const serviceBoundaries = [
  deepImports,
  {
    group: services.map((s) => `@cmp/${s}`),
    message: 'A service never imports another service: share types through @cmp/contracts, ask over NATS.',
  },
  {
    group: ['**/services/*/src/**', '**/dist/**'],
    message: 'No relative imports across packages or into build output.',
  },
];

const webBoundaries = [
  deepImports,
  {
    group: ['@cmp/*', '!@cmp/contracts'],
    message: 'The web and kiosk import only @cmp/contracts from the services.',
  },
  {
    regex: '(^|/)(services|dist)/',
    message: 'The web and kiosk never import service code: use @cmp/contracts.',
  },
];

// Browser tests drive the platform through the gateway's shared e2e support, and nothing else of the services.
const webTestBoundaries = [
  deepImports,
  webBoundaries[1],
  {
    regex: '(^|/)(services/(?!gateway/test/support/)|dist/)',
    message: 'Browser tests use @cmp/contracts and the gateway e2e support (services/gateway/test/support), no service code.',
  },
];

const moduleBoundaries = [
  {
    regex: '^@/modules/',
    message: 'A web module never imports another module: move what they share to web/src/app.',
  },
];

/**
 * no-restricted-imports matches the import's text, not its target, so a relative import that climbs out of
 * its folder is caught by counting `../` against the file's depth in that folder: one block per depth.
 * `root` is a folder glob such as `services/*`; each file under it may not climb above it.
 */
function noClimbOut(root, extensions, patterns, message) {
  return Array.from({ length: MAX_DEPTH }, (_, depth) => ({
    files: extensions.map((ext) => `${root}/${'*/'.repeat(depth)}*.${ext}`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [...patterns, { regex: `^(\\./)?(\\.\\.(/|$)){${depth + 1}}`, message }] }],
    },
  }));
}

// Load tests (CommonJS) reach the services through their packages' entry points: require() is not an import, so
// no-restricted-imports misses it; this catches a required path into services/ or a build's dist/.
const noDeepRequire = {
  selector: "CallExpression[callee.name='require'] Literal[value=/(^|\\/)(services|dist)(\\/|$)|^@cmp\\/[^/]+\\//]",
  message: 'Require a package through its entry point (@cmp/name), never its dist/ or src/ internals.',
};

const webFiles = ['web/**/*.{ts,tsx}', 'kiosk/**/*.{ts,tsx}'];
// The route table and page registry are the one place app/ names module pages.
const webRouter = ['web/src/app/router/**'];

module.exports = tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'test-artifacts/**', '.data/**', 'coverage/**'] },
  {
    files: ['services/**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: {
      'no-restricted-imports': ['error', { patterns: serviceBoundaries }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  ...noClimbOut('services/*', ['ts'], serviceBoundaries, 'A relative import never leaves its service: import another package by its name (@cmp/contracts, @cmp/common).'),
  {
    files: webFiles,
    extends: [tseslint.configs.recommended],
    rules: {
      'no-restricted-imports': ['error', { patterns: webBoundaries }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'kiosk/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: '19' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      // The rules of hooks. The plugin's React Compiler rules (refs, set-state-in-effect, purity…) are left
      // out: we do not build with the compiler, and following them means rewriting working effects.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Types say what props are.
      'react/prop-types': 'off',
    },
  },
  // Module imports by alias at any depth; the blocks below add the relative climbs, depth by depth.
  {
    files: ['web/src/modules/**/*.{ts,tsx}', 'web/src/app/**/*.{ts,tsx}'],
    ignores: webRouter,
    rules: { 'no-restricted-imports': ['error', { patterns: [...webBoundaries, ...moduleBoundaries] }] },
  },
  ...noClimbOut('web/src/modules/*', ['ts', 'tsx'], [...webBoundaries, ...moduleBoundaries], 'A web module never imports another module: move what they share to web/src/app.'),
  ...noClimbOut('web/src/app', ['ts', 'tsx'], [...webBoundaries, ...moduleBoundaries], 'web/src/app never climbs out of app/ nor imports a module (only the router names pages).').map((block) => ({
    ...block,
    ignores: webRouter,
  })),
  { files: ['web/test/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: webTestBoundaries }] } },
  { files: ['load-tests/k6/**/*.js', 'web/**/*.js'], languageOptions: { sourceType: 'module' } },
  {
    files: ['**/*.js'],
    ignores: ['load-tests/k6/**', 'web/**'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['load-tests/**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-syntax': ['error', noDeepRequire],
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  // k6's script globals.
  { files: ['load-tests/k6/**/*.js'], languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' } } },
);
