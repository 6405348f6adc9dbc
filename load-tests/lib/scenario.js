'use strict';
// Scenario files (load-tests/scenarios/<name>.json) for the Node tools. k6/run-scenario.js reads
// the same files, so keep the format plain data and any change here mirrored there.

const fs = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');

const SCENARIO_DIR = path.join(__dirname, '..', 'scenarios');

function loadScenario(nameOrFile) {
  const file = nameOrFile.endsWith('.json') ? path.resolve(nameOrFile) : path.join(SCENARIO_DIR, `${nameOrFile}.json`);
  if (!fs.existsSync(file)) throw new Error(`No scenario "${nameOrFile}" (looked for ${file})`);
  const s = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(s.requests) || !s.requests.length) throw new Error(`${file}: "requests" must list at least one request`);
  return { basePath: '', setup: [], expect: {}, connections: 10, durationSeconds: 10, thresholds: {}, ...s };
}

/** Replaces {{name}} in strings (deeply) with values saved by setup steps. */
function fill(value, vars) {
  if (typeof value === 'string') {
    // A string that is only a placeholder takes the value as it is (a number stays a number).
    const whole = /^\{\{(\$?\w+)\}\}$/.exec(value);
    if (whole && whole[1] in vars) return vars[whole[1]];
    return value.replace(/\{\{(\$?\w+)\}\}/g, (_, k) => {
      if (!(k in vars)) throw new Error(`The scenario uses {{${k}}} but no setup step saves it`);
      return String(vars[k]);
    });
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  return value;
}

/** One scenario request or setup step, with variables filled in and an object body sent as JSON. */
function buildRequest(step, scenario, vars) {
  const headers = fill(step.headers || {}, vars);
  let body;
  if (step.body !== undefined) {
    body = typeof step.body === 'string' ? fill(step.body, vars) : JSON.stringify(fill(step.body, vars));
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  return { method: step.method || 'GET', path: scenario.basePath + fill(step.path, vars), headers, body };
}

const pick = (obj, dotted) => dotted.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj);

/** Runs the setup steps (a login, say) once and returns the values they save. */
async function runSetup(scenario, baseUrl) {
  const vars = {};
  for (const step of scenario.setup) {
    const req = buildRequest(step, scenario, vars);
    const res = await fetch(baseUrl + req.path, { method: req.method, headers: req.headers, body: req.body }).catch((e) => {
      throw new Error(`Setup step "${step.name || req.path}": cannot reach ${baseUrl}: ${(e.cause || e).message}`);
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok || (json && json.code !== undefined && json.code !== 0)) {
      throw new Error(`Setup step "${step.name || req.path}" failed: HTTP ${res.status} ${text.slice(0, 300)}`);
    }
    for (const [name, dotted] of Object.entries(step.save || {})) {
      const v = pick(json, dotted);
      if (v === undefined) throw new Error(`Setup step "${step.name || req.path}": no "${dotted}" in the reply`);
      vars[name] = v;
    }
  }
  return vars;
}

// A regex instead of JSON.parse: the check runs in the load generator on every reply.
const ENVELOPE_CODE = /^\s*\{\s*"code"\s*:\s*(-?\d+)/;

/**
 * Per-iteration values, for flows in which each pass through the requests is another person:
 * `{{$iter}}` is a number unique to the pass (0, 1, 2... across all connections), and a request's
 * `save` (dotted paths, as in setup) keeps values of its reply for the requests after it in the pass.
 */
const usesIterations = (scenario) =>
  scenario.requests.some((r) => r.save || JSON.stringify(r).includes('{{$iter}}'));

/** autocannon request hooks that fill each request from the pass's own values (see usesIterations). */
function iterationHooks(step, index, scenario, vars, counter, check) {
  return {
    setupRequest: (req, context) => {
      if (index === 0) {
        context.iter = counter.next++;
        context.saved = {};
      }
      const built = buildRequest(step, scenario, { ...vars, ...context.saved, $iter: context.iter });
      return { ...req, ...built };
    },
    onResponse: (status, body, context) => {
      if (check) check(status, body);
      for (const [name, dotted] of Object.entries(step.save || {})) {
        try {
          context.saved[name] = pick(JSON.parse(body), dotted);
        } catch {
          context.saved[name] = undefined;
        }
      }
    },
  };
}

/**
 * Drives the scenario's requests with autocannon (closed loop: each connection sends its next
 * request as soon as the previous reply arrives). Options override the scenario's own settings.
 */
async function measure({ baseUrl, scenario, vars, connections, durationSeconds, iterationStart = 0 }) {
  const { status: wantStatus, code } = scenario.expect;
  // A 2xx reply with another status or envelope code than expected is an error too
  // (non-2xx replies are counted apart, so none is counted twice).
  let unexpected = 0;
  const onResponse = (status, body) => {
    if (status < 200 || status >= 300) return;
    if (wantStatus !== undefined && status !== wantStatus) unexpected++;
    else if (code !== undefined && (ENVELOPE_CODE.exec(body) || [])[1] !== String(code)) unexpected++;
  };
  const checked = wantStatus !== undefined || code !== undefined;
  const counter = { next: iterationStart };
  const requests = usesIterations(scenario)
    ? scenario.requests.map((r, i) => ({ method: r.method || 'GET', path: '/', ...iterationHooks(r, i, scenario, vars, counter, checked && onResponse) }))
    : scenario.requests.map((r) => ({ ...buildRequest(r, scenario, vars), ...(checked && { onResponse }) }));
  const result = await autocannon({
    url: baseUrl,
    connections: connections || scenario.connections,
    duration: durationSeconds || scenario.durationSeconds,
    requests,
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + unexpected, // result.errors includes time-outs
    non2xx: result.non2xx,
    total: result.requests.total,
    iterations: counter.next - iterationStart,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats || {}).map(([c, st]) => [c, st.count])),
  };
}

/** Scenario thresholds, as k6 would judge them: [{ name, ok, detail }]. */
function checkThresholds(summary, thresholds) {
  const out = [];
  if (thresholds.p99Ms !== undefined) {
    out.push({ name: `p99 < ${thresholds.p99Ms} ms`, ok: summary.p99 < thresholds.p99Ms, detail: `${summary.p99} ms` });
  }
  if (thresholds.maxErrorRate !== undefined) {
    const rate = (summary.errors + summary.non2xx) / Math.max(1, summary.total);
    out.push({ name: `error rate < ${thresholds.maxErrorRate}`, ok: rate < thresholds.maxErrorRate, detail: rate.toFixed(4) });
  }
  return out;
}

const formatSummary = (s) =>
  `${Math.round(s.reqPerSec)} req/s, p50 ${s.p50} ms, p99 ${s.p99} ms, errors ${s.errors}, non-2xx ${s.non2xx} (${s.total} requests)`;

module.exports = { loadScenario, runSetup, measure, checkThresholds, formatSummary, fill, buildRequest, pick };
