'use strict';
// Loads the review service's assignment solver for the bench: from its package's entry (@cmp/review's
// `assignment`) when the service has been built after every source file changed, else a fresh transpile of the
// sources (TypeScript's transpileModule, no type check) into a temp folder. Either way the bench measures the
// same code the service runs.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SRC = path.join(ROOT, 'services', 'review', 'src', 'assignment');

function sources() {
  return fs.readdirSync(SRC).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
}

/** The built package's entry, when it was written after every source of the solver. */
function freshBuild() {
  let entry;
  try {
    entry = require.resolve('@cmp/review');
  } catch {
    return null; // not built
  }
  const built = fs.statSync(entry).mtimeMs;
  return sources().every((f) => built >= fs.statSync(path.join(SRC, f)).mtimeMs) ? entry : null;
}

function transpiled() {
  const ts = require('typescript');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-review-assignment-'));
  for (const f of sources()) {
    const { outputText } = ts.transpileModule(fs.readFileSync(path.join(SRC, f), 'utf8'), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS },
      fileName: f,
    });
    fs.writeFileSync(path.join(out, f.replace(/\.ts$/, '.js')), outputText);
  }
  return out;
}

/** The solver module and where it was loaded from. */
function loadSolver() {
  const entry = freshBuild();
  if (entry) return { solver: require(entry).assignment, from: `the review service's build (${path.relative(ROOT, entry)})` };
  const dir = transpiled();
  // index.js requires every other file while loading, so the temp folder is no longer needed.
  const solver = require(path.join(dir, 'index.js'));
  fs.rmSync(dir, { recursive: true, force: true });
  return { solver, from: 'a fresh transpile of services/review/src/assignment (no up-to-date service build)' };
}

module.exports = { loadSolver };
