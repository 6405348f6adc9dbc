/**
 * The import boundaries (and the React rules) eslint.config.js enforces, checked on probe code linted under
 * virtual paths (nothing is written into the tree).
 */
const path = require('node:path');
const { ESLint } = require('eslint');

const repoRoot = path.resolve(__dirname, '..');
// Handing ESLint the config object spares it a dynamic import() of the config file, which jest's VM refuses.
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: true, overrideConfig: require('../eslint.config.js') });

/** The no-restricted-imports messages for `code` linted as if it were the file at `file`. */
async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const use = (spec) => `import * as probe from '${spec}';\nexport const used = probe;\n`;

describe('web and kiosk import only @cmp/contracts from the services', () => {
  it.each([
    ['web/src/modules/probe/pages/Probe.tsx', '@cmp/common'],
    ['web/src/app/probe.ts', '@cmp/common'],
    ['web/src/probe.ts', '../../services/common/src/x'],
    ['web/src/app/probe/probe.ts', '../../../services/auth/src/y'],
    ['web/test/probe.e2e-spec.ts', '../../services/common/src/x'],
    ['web/test/probe.e2e-spec.ts', '@cmp/common'],
    ['kiosk/src/probe.tsx', '@cmp/gateway'],
    ['kiosk/src/probe.tsx', '../../services/contracts/src/index'],
  ])('%s may not import %s', async (file, spec) => {
    expect(await boundaryErrors(file, use(spec))).not.toEqual([]);
  });

  it.each([
    ['web/src/modules/probe/pages/Probe.tsx', '@cmp/contracts'],
    ['web/src/app/probe.ts', '@cmp/contracts'],
    ['kiosk/src/probe.tsx', '@cmp/contracts'],
    ['web/test/probe.e2e-spec.ts', '@cmp/contracts'],
    // Browser tests share the platform's e2e support with the gateway's tests.
    ['web/test/probe.e2e-spec.ts', '../../services/gateway/test/support/api'],
  ])('%s may import %s', async (file, spec) => {
    expect(await boundaryErrors(file, use(spec))).toEqual([]);
  });
});

describe('web modules never import each other; app/ imports no module but in the router', () => {
  it.each([
    ['web/src/modules/probe/pages/Probe.tsx', '@/modules/other/api/other.api'],
    ['web/src/modules/probe/pages/Probe.tsx', '../../other/api/other.api'],
    ['web/src/modules/probe/Probe.tsx', '../other/Other'],
    ['web/src/modules/probe/a/b/c/Probe.tsx', '../../../../other/x'],
    ['web/src/app/components/Probe.tsx', '@/modules/system/hooks/x'],
    ['web/src/app/components/Probe.tsx', '../../modules/system/hooks/x'],
  ])('%s may not import %s', async (file, spec) => {
    expect(await boundaryErrors(file, use(spec))).not.toEqual([]);
  });

  it.each([
    ['web/src/modules/probe/pages/Probe.tsx', '../components/Thing'],
    ['web/src/modules/probe/pages/Probe.tsx', '@/app/hooks/useAsync'],
    ['web/src/modules/probe/Probe.tsx', './locales'],
    ['web/src/app/components/Probe.tsx', '../hooks/useAsync'],
    ['web/src/app/router/probe.ts', '@/modules/system/pages/UsersPage'],
  ])('%s may import %s', async (file, spec) => {
    expect(await boundaryErrors(file, use(spec))).toEqual([]);
  });
});

describe('a service never imports another service', () => {
  it.each([
    ['services/gateway/test/support/x.ts', '../../../certificates/src/seed/demo-design'],
    ['services/gateway/src/probe.ts', '../../auth/src/x'],
    ['services/gateway/src/a/b/probe.ts', '../../../../auth/src/x'],
    ['services/auth/test/probe.e2e-spec.ts', '../../common/src/config'],
    ['services/gateway/src/probe.ts', '@cmp/auth'],
    ['services/auth/src/probe.ts', '@cmp/contracts/src/errors'],
  ])('%s may not import %s', async (file, spec) => {
    expect(await boundaryErrors(file, use(spec))).not.toEqual([]);
  });

  it.each([
    ['services/gateway/src/probe.ts', '@cmp/contracts'],
    ['services/gateway/src/probe.ts', '@cmp/common'],
    ['services/gateway/test/support/x.ts', '../../src/app.module'],
    ['services/gateway/src/a/b/probe.ts', '../../c/d'],
  ])('%s may import %s', async (file, spec) => {
    expect(await boundaryErrors(file, use(spec))).toEqual([]);
  });
});

describe('web and kiosk are linted with the React rules', () => {
  it.each(['web/src/app/hooks/probe.tsx', 'kiosk/src/probe.tsx'])('%s: hooks only at the top of a component or hook', async (file) => {
    const code = "import { useState } from 'react';\nexport function useProbe(on: boolean) {\n  if (on) return useState(0)[0];\n  return 1;\n}\n";
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
    expect(result.messages.map((m) => m.ruleId)).toContain('react-hooks/rules-of-hooks');
  });
});

describe("load tests require the services through their packages' entry points", () => {
  const requireErrors = async (spec) => {
    const [result] = await eslint.lintText(`'use strict';\nmodule.exports = require(${spec});\n`, { filePath: path.join(repoRoot, 'load-tests/bench/probe.js') });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
  };

  it.each(["'../../services/review/dist/results/score-statement'", "path.join(ROOT, 'services/certificates/dist/render/design')", "'@cmp/review/dist/index'"])('may not require %s', async (spec) => {
    expect(await requireErrors(spec)).not.toEqual([]);
  });

  it.each(["'@cmp/review'", "'@cmp/contracts'", "'./lib/platform'", "'socket.io-client'"])('may require %s', async (spec) => {
    expect(await requireErrors(spec)).toEqual([]);
  });
});
