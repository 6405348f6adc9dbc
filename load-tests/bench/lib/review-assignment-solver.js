'use strict';
// Loads the review service's assignment solver for the bench: its compiled dist when the service has
// been built and the build is newer than every source file, else a fresh transpile of the sources
// (TypeScript's transpileModule, no type check) into a temp folder. Either way the bench measures
// the same code the service runs.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SRC = path.join(ROOT, 'services', 'review', 'src', 'assignment');
const DIST = path.join(ROOT, 'services', 'review', 'dist', 'assignment');

function sources() {
  return fs.readdirSync(SRC).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
}

function distIsFresh() {
  if (!fs.existsSync(path.join(DIST, 'index.js'))) return false;
  return sources().every((f) => {
    const built = path.join(DIST, f.replace(/\.ts$/, '.js'));
    return fs.existsSync(built) && fs.statSync(built).mtimeMs >= fs.statSync(path.join(SRC, f)).mtimeMs;
  });
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
  if (distIsFresh()) return { solver: require(path.join(DIST, 'index.js')), from: path.relative(ROOT, DIST) };
  const dir = transpiled();
  // index.js requires every other file while loading, so the temp folder is no longer needed.
  const solver = require(path.join(dir, 'index.js'));
  fs.rmSync(dir, { recursive: true, force: true });
  return { solver, from: 'a fresh transpile of services/review/src/assignment (no service build yet)' };
}

module.exports = { loadSolver };
