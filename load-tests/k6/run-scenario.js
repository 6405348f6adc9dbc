// k6 runner for the scenarios in load-tests/scenarios/ (the same files load-tests/run.js uses):
//   k6 run -e SCENARIO=user-info -e BASE_URL=http://127.0.0.1:8080 load-tests/k6/run-scenario.js
// Optional: -e VUS=100 -e DURATION=30s override the scenario's connections and duration.
// All VUs share one address: raise the gateway's RATE_LIMIT_PER_MINUTE (default 6000) first.
// Mirrors load-tests/lib/scenario.js: {{name}} placeholders, object bodies sent as JSON,
// setup steps saving values by dotted path, replies checked against "expect".
import http from 'k6/http';
import { check, fail } from 'k6';

if (!__ENV.SCENARIO) throw new Error('Set the scenario: k6 run -e SCENARIO=<name> load-tests/k6/run-scenario.js');
// open() resolves relative to this script and only works in the init context.
const scenario = JSON.parse(open(`../scenarios/${__ENV.SCENARIO}.json`));
const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const basePath = scenario.basePath || '';
const expect = scenario.expect || {};
const limits = scenario.thresholds || {};

// Only the load requests (tagged phase=load) are judged, not the setup login.
const thresholds = {};
if (limits.p99Ms !== undefined) thresholds['http_req_duration{phase:load}'] = [`p(99)<${limits.p99Ms}`];
if (limits.maxErrorRate !== undefined) {
  thresholds['http_req_failed{phase:load}'] = [`rate<${limits.maxErrorRate}`];
  thresholds['checks{phase:load}'] = [`rate>${1 - limits.maxErrorRate}`];
}

export const options = {
  vus: Number(__ENV.VUS || scenario.connections || 10),
  duration: __ENV.DURATION || `${scenario.durationSeconds || 10}s`,
  thresholds,
};

// Same as fill() in load-tests/lib/scenario.js: k6 runs ES modules without Node's require, so the
// CommonJS runner's helpers cannot be imported here. Keep the two in step.
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
  if (value && typeof value === 'object') {
    const out = {};
    for (const k of Object.keys(value)) out[k] = fill(value[k], vars);
    return out;
  }
  return value;
}

function send(step, vars, tags) {
  const headers = fill(step.headers || {}, vars);
  let body = null;
  if (step.body !== undefined) {
    body = typeof step.body === 'string' ? fill(step.body, vars) : JSON.stringify(fill(step.body, vars));
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  return http.request(step.method || 'GET', BASE_URL + basePath + fill(step.path, vars), body, { headers, tags });
}

function envelopeCode(res) {
  try {
    return res.json('code');
  } catch (_e) {
    return undefined;
  }
}

const pick = (obj, dotted) => dotted.split('.').reduce((o, k) => (o === null || o === undefined ? undefined : o[k]), obj);

export function setup() {
  const vars = {};
  for (const step of scenario.setup || []) {
    const res = send(step, vars, { phase: 'setup', name: step.name || step.path });
    const code = envelopeCode(res);
    if (res.status < 200 || res.status >= 300 || (code !== undefined && code !== 0)) {
      fail(`Setup step "${step.name || step.path}" failed: HTTP ${res.status} ${String(res.body).slice(0, 300)}`);
    }
    const json = res.json();
    for (const name of Object.keys(step.save || {})) {
      const v = pick(json, step.save[name]);
      if (v === undefined) fail(`Setup step "${step.name || step.path}": no "${step.save[name]}" in the reply`);
      vars[name] = v;
    }
  }
  return vars;
}

export default function (vars) {
  // Per-iteration values, as in load-tests/lib/scenario.js: {{$iter}} is unique to this pass
  // (contiguous from 0 while the VU count is constant), and a request's "save" keeps values of its
  // reply for the requests after it.
  const pass = Object.assign({}, vars, { $iter: __ITER * options.vus + (__VU - 1) });
  for (const step of scenario.requests) {
    const res = send(step, pass, { phase: 'load', name: step.name || step.path });
    for (const name of Object.keys(step.save || {})) {
      let json;
      try {
        json = res.json();
      } catch (_e) {
        json = undefined;
      }
      pass[name] = json === undefined ? undefined : pick(json, step.save[name]);
    }
    const checks = {};
    checks[`${step.name || step.path}: status ${expect.status || '2xx'}`] = (r) =>
      expect.status !== undefined ? r.status === expect.status : r.status >= 200 && r.status < 300;
    if (expect.code !== undefined) checks[`${step.name || step.path}: code ${expect.code}`] = (r) => envelopeCode(r) === expect.code;
    check(res, checks, { phase: 'load' });
  }
}
