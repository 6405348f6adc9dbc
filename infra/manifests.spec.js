// Checks infra/compose.yaml and infra/k8s against the services themselves: each deployed
// service gets exactly the variables its services/<name>/.env.example lists. Data-driven, so a
// new service is demanded here as soon as it is deployable (see deployableServices).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');
const contracts = require('@cmp/contracts');
const { natsAuthorization } = require('./nats-config');
const { metricsPort } = require('./metrics-ports');

const ROOT = path.resolve(__dirname, '..');
const SERVICES_DIR = path.join(ROOT, 'services');
const K8S_DIR = path.join(__dirname, 'k8s');
const COMPOSE_FILE = path.join(__dirname, 'compose.yaml');
const NAMESPACE = 'contest-platform';

// Set by the image or the platform rather than read from .env.example.
const ALWAYS_ALLOWED = new Set(['NODE_ENV', 'SERVICE']);
// Images of our services (built from the root Dockerfile) and the third-party ones we run.
const OUR_IMAGE = /^contest-platform\/([a-z0-9-]+)(?::|$)/;
const THIRD_PARTY_IMAGE = /^(nats|postgres|redis):/;
// The web apps' nginx (the Dockerfile's stage "web"): our image, but no service of services/.
const WEB_IMAGE = /^contest-platform\/web(?::|$)/;
const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

// ---------- loading ----------

// Parses every document of a file, keeping YAML errors for the "parses" test to report.
function load(file) {
  const docs = YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'));
  const errors = docs.flatMap((d) => d.errors.map((e) => `${path.relative(ROOT, file)}: ${e.message}`));
  return { errors, objects: errors.length ? [] : docs.map((d) => d.toJS()).filter(Boolean) };
}

const k8sFiles = fs.readdirSync(K8S_DIR).filter((f) => /\.ya?ml$/.test(f)).sort();
const k8sLoaded = Object.fromEntries(k8sFiles.map((f) => [f, load(path.join(K8S_DIR, f))]));
const composeLoaded = load(COMPOSE_FILE);
const compose = composeLoaded.objects[0] || {};
const kustomization = (k8sLoaded['kustomization.yaml'] || { objects: [] }).objects[0] || {};
const k8sObjects = Object.entries(k8sLoaded)
  .filter(([f]) => f !== 'kustomization.yaml')
  .flatMap(([, l]) => l.objects);

const byKind = (kind) => k8sObjects.filter((o) => o.kind === kind);
const keysOf = (o) => Object.keys({ ...o.data, ...o.binaryData, ...o.stringData });
const configMaps = Object.fromEntries(byKind('ConfigMap').map((o) => [o.metadata.name, keysOf(o)]));
const secrets = Object.fromEntries(byKind('Secret').map((o) => [o.metadata.name, keysOf(o)]));

function envExample(name) {
  const file = path.join(SERVICES_DIR, name, '.env.example');
  if (!fs.existsSync(file)) return null;
  const vars = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(l))
    .filter(Boolean)
    .map((m) => m[1]);
  return new Set(vars);
}

// ---------- what each manifest deploys ----------

// Compose services built from our Dockerfile, by the SERVICE build argument (the web apps' stage apart).
const composeOurs = Object.entries(compose.services || {})
  .filter(([, s]) => s.build && s.build.target !== 'web')
  .map(([key, s]) => ({ key, name: (s.build.args || {}).SERVICE, svc: s }));

function composeEnv(svc) {
  const env = svc.environment || {};
  return Array.isArray(env) ? env.map((e) => String(e).split('=')[0]) : Object.keys(env);
}

// Every container of every k8s workload, with the service it runs (null for third-party images).
const k8sContainers = byKind('Deployment')
  .concat(byKind('StatefulSet'), byKind('DaemonSet'))
  .flatMap((w) =>
    (w.spec.template.spec.containers || []).map((c) => {
      const m = WEB_IMAGE.test(c.image || '') ? null : OUR_IMAGE.exec(c.image || '');
      return { workload: `${w.kind}/${w.metadata.name}`, container: c, name: m ? m[1] : null };
    }),
  );

// Variable names a container receives, and any reference to a ConfigMap/Secret key that does not exist.
function k8sEnv(c) {
  const names = [];
  const broken = [];
  const has = (map, ref, key) => ref.optional || (map[ref.name] && (key === undefined || map[ref.name].includes(key)));
  for (const e of c.env || []) {
    names.push(e.name);
    const vf = e.valueFrom || {};
    if (vf.configMapKeyRef && !has(configMaps, vf.configMapKeyRef, vf.configMapKeyRef.key)) {
      broken.push(`${e.name}: ConfigMap ${vf.configMapKeyRef.name} has no key ${vf.configMapKeyRef.key}`);
    }
    if (vf.secretKeyRef && !has(secrets, vf.secretKeyRef, vf.secretKeyRef.key)) {
      broken.push(`${e.name}: Secret ${vf.secretKeyRef.name} has no key ${vf.secretKeyRef.key}`);
    }
  }
  for (const ef of c.envFrom || []) {
    const [map, ref, kind] = ef.configMapRef
      ? [configMaps, ef.configMapRef, 'ConfigMap']
      : [secrets, ef.secretRef, 'Secret'];
    if (!has(map, ref)) broken.push(`envFrom: ${kind} ${ref.name} is not defined in infra/k8s`);
    for (const key of map[ref.name] || []) names.push((ef.prefix || '') + key);
  }
  return { names, broken };
}

// A service is deployable when it has an .env.example and either a src/main.ts or is already
// named by a manifest (auth and gateway today, before their main.ts exists).
const referenced = new Set([...composeOurs.map((s) => s.name), ...k8sContainers.map((c) => c.name)].filter(Boolean));
const deployableServices = fs
  .readdirSync(SERVICES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(SERVICES_DIR, d.name, '.env.example')))
  .map((d) => d.name)
  .filter((name) => fs.existsSync(path.join(SERVICES_DIR, name, 'src', 'main.ts')) || referenced.has(name))
  .sort();

// NATS passwords are per user, not per image (a worker is its own user): checked apart, below.
const isNatsPassword = (v) => v.startsWith('NATS_PASSWORD_');

// Compares the provided names with .env.example: [missing, unexpected].
function diffEnv(name, provided) {
  const expected = new Set([...envExample(name)].filter((v) => !isNatsPassword(v)));
  const given = new Set(provided.filter((v) => !isNatsPassword(v)));
  return [
    [...expected].filter((v) => !given.has(v)),
    [...given].filter((v) => !expected.has(v) && !ALWAYS_ALLOWED.has(v)),
  ];
}

// ---------- tests ----------

describe('infra manifests', () => {
  test.each(['compose.yaml', ...k8sFiles.map((f) => `k8s/${f}`)])('%s parses', (file) => {
    const { errors, objects } = file === 'compose.yaml' ? composeLoaded : k8sLoaded[file.slice(4)];
    expect(errors).toEqual([]);
    expect(objects.length).toBeGreaterThan(0);
  });

  test('there is at least one deployable service', () => {
    expect(deployableServices.length).toBeGreaterThan(0);
  });

  test('every service a manifest runs is a workspace package with an .env.example', () => {
    const named = [
      ...composeOurs.map((s) => [`compose ${s.key}`, s.name]),
      ...k8sContainers.filter((c) => c.name).map((c) => [c.workload, c.name]),
    ];
    const bad = named
      .filter(([, name]) => !name || !fs.existsSync(path.join(SERVICES_DIR, name, 'package.json')) || !envExample(name))
      .map(([where, name]) => `${where}: services/${name}`);
    expect(bad).toEqual([]);
  });

  test('every k8s container runs one of our images or a known third-party one', () => {
    const unknown = k8sContainers
      .filter((c) => !c.name && !THIRD_PARTY_IMAGE.test(c.container.image || '') && !WEB_IMAGE.test(c.container.image || ''))
      .map((c) => `${c.workload}: ${c.container.image}`);
    expect(unknown).toEqual([]);
  });

  describe.each(deployableServices)('service %s', (name) => {
    test('compose gives it exactly the variables of its .env.example', () => {
      const entries = composeOurs.filter((s) => s.name === name);
      if (!entries.length) throw new Error(`no compose service is built with SERVICE: ${name}`);
      expect(entries.map((s) => s.key)).toEqual([name]);
      const [missing, unexpected] = diffEnv(name, composeEnv(entries[0].svc));
      expect({ missing, unexpected }).toEqual({ missing: [], unexpected: [] });
    });

    test('k8s gives it exactly the variables of its .env.example', () => {
      const containers = k8sContainers.filter((c) => c.name === name);
      if (!containers.length) throw new Error(`no k8s workload runs the image contest-platform/${name}`);
      for (const c of containers) {
        const { names, broken } = k8sEnv(c.container);
        const [missing, unexpected] = diffEnv(name, names);
        expect({ workload: c.workload, missing, unexpected, broken }).toEqual({
          workload: c.workload, missing: [], unexpected: [], broken: [],
        });
      }
    });
  });

  test('every process that uses Redis gets its deployment prefix (REDIS_PREFIX), from the platform config in k8s', () => {
    const composeMissing = composeOurs.filter((s) => composeEnv(s.svc).includes('REDIS_URL') && !composeEnv(s.svc).includes('REDIS_PREFIX')).map((s) => s.key);
    const k8sMissing = k8sContainers
      .filter((c) => c.name && k8sEnv(c.container).names.includes('REDIS_URL') && !k8sEnv(c.container).names.includes('REDIS_PREFIX'))
      .map((c) => c.workload);
    expect({ composeMissing, k8sMissing }).toEqual({ composeMissing: [], k8sMissing: [] });
    expect(byKind('ConfigMap').find((o) => o.metadata.name === 'platform-config').data.REDIS_PREFIX).toMatch(/^[A-Za-z0-9_.-]{1,40}$/);
  });

  test('kustomization.yaml lists exactly the k8s files', () => {
    const listed = [...(kustomization.resources || [])].sort();
    const files = k8sFiles.filter((f) => f !== 'kustomization.yaml');
    expect(listed).toEqual(files);
  });

  test('every namespaced k8s object is in the contest-platform namespace', () => {
    const outside = k8sObjects
      .filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== NAMESPACE)
      .map((o) => `${o.kind}/${o.metadata.name}`);
    expect(outside).toEqual([]);
    expect(byKind('Namespace').map((o) => o.metadata.name)).toEqual([NAMESPACE]);
  });

  test('every HorizontalPodAutoscaler targets a Deployment that exists', () => {
    const deployments = byKind('Deployment').map((d) => d.metadata.name);
    for (const hpa of byKind('HorizontalPodAutoscaler')) {
      expect(deployments).toContain(hpa.spec.scaleTargetRef.name);
    }
  });

  test('NATS runs with JetStream in compose and k8s', () => {
    expect(compose.services.nats.command).toEqual(expect.arrayContaining(['-js']));
    const conf = (byKind('ConfigMap').find((o) => o.metadata.name === 'nats-config') || { data: {} }).data['nats.conf'];
    expect(conf).toMatch(/jetstream\s*\{[^}]*store_dir:\s*\/data/);
    expect(conf).toMatch(/cluster\s*\{[\s\S]*routes\s*=\s*\[/);
    const nats = byKind('StatefulSet').find((o) => o.metadata.name === 'nats');
    expect(nats.spec.replicas).toBe(3);
  });
  // ---------- NATS users and network policies (issue 27) ----------

  const natsVariables = Object.values(contracts.NatsUser).map(contracts.natsPasswordVariable).sort();
  const labelOf = (w) => w.spec.template.metadata.labels['app.kubernetes.io/name'];
  const workloads = byKind('Deployment').concat(byKind('StatefulSet'));
  const envNames = (c) => (c.env || []).map((e) => e.name);

  test('nats-auth.conf is what infra/nats-config.js makes of the contracts (run it after changing nats-users.ts)', () => {
    expect(fs.readFileSync(path.join(K8S_DIR, 'nats-auth.conf'), 'utf8')).toBe(natsAuthorization(contracts));
    expect(kustomization.configMapGenerator).toEqual([{ name: 'nats-auth', files: ['nats-auth.conf'] }]);
  });

  test('the NATS servers load the users and get every password, in k8s and compose', () => {
    const conf = byKind('ConfigMap').find((o) => o.metadata.name === 'nats-config').data['nats.conf'];
    expect(conf).toMatch(/^\s*include \.\/auth\/nats-auth\.conf$/m);
    const nats = byKind('StatefulSet').find((o) => o.metadata.name === 'nats').spec.template.spec;
    expect(nats.containers[0].envFrom).toEqual([{ secretRef: { name: 'nats-credentials' } }]);
    expect(nats.volumes).toContainEqual({ name: 'auth', configMap: { name: 'nats-auth' } });
    expect(secrets['nats-credentials'].sort()).toEqual(natsVariables);
    expect(compose.services.nats.command).toEqual(expect.arrayContaining(['-c', '/etc/nats/nats-auth.conf']));
    expect(compose.services.nats.volumes).toContain('./k8s/nats-auth.conf:/etc/nats/nats-auth.conf:ro');
    expect(Object.keys(compose.services.nats.environment).sort()).toEqual(natsVariables);
  });

  test('every container that talks to NATS signs in as its own user, with no other password', () => {
    const users = Object.values(contracts.NatsUser);
    const k8s = k8sContainers
      .filter((c) => envNames(c.container).includes('NATS_URL'))
      .map((c) => {
        const passwords = (c.container.env || []).filter((e) => isNatsPassword(e.name));
        const refs = passwords.map((e) => (e.valueFrom.secretKeyRef || {}).name);
        return { container: c.container.name, user: users.includes(c.container.name), passwords: passwords.map((e) => e.name), refs };
      });
    expect(k8s).toEqual(k8s.map((c) => ({ ...c, user: true, passwords: [contracts.natsPasswordVariable(c.container)], refs: ['nats-credentials'] })));
    const inCompose = Object.entries(compose.services)
      .filter(([, svc]) => composeEnv(svc).includes('NATS_URL'))
      .map(([key, svc]) => ({ key, passwords: composeEnv(svc).filter(isNatsPassword) }));
    expect(inCompose).toEqual(inCompose.map((c) => ({ ...c, passwords: [contracts.natsPasswordVariable(c.key)] })));
  });

  test.each([
    ['nats', 'NATS_URL', 4222],
    ['postgres', 'DATABASE_URL', 5432],
    ['redis', 'REDIS_URL', 6379],
  ])('only the pods given its address reach %s (NetworkPolicy)', (server, variable, port) => {
    const policy = byKind('NetworkPolicy').find((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === server);
    expect(policy && policy.spec.policyTypes).toEqual(['Ingress']);
    const clients = workloads.filter((w) => w.spec.template.spec.containers.some((c) => envNames(c).includes(variable))).map(labelOf).sort();
    const rule = policy.spec.ingress.find((r) => r.ports.some((p) => p.port === port));
    expect(rule.from).toEqual([{ podSelector: { matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: clients }] } }]);
    // No other rule opens the client port (the NATS nodes' own routes use 6222).
    expect(policy.spec.ingress.filter((r) => r.ports.some((p) => p.port === port))).toHaveLength(1);
  });
  // ---------- metrics, readiness, disruptions and scaling (issue 28) ----------

  // The services' and workers' Deployments (the web image is nginx: checked on its own below).
  const ours = byKind('Deployment').filter((d) => d.spec.template.spec.containers.some((c) => OUR_IMAGE.test(c.image || '') && !WEB_IMAGE.test(c.image)));
  const isWorker = (name) => name.endsWith('-worker');
  const selects = (selector, labels) => Object.entries(selector.matchLabels || {}).every(([k, v]) => labels[k] === v);

  test('the platform has its Deployments, workers among them', () => {
    expect(ours.length).toBeGreaterThanOrEqual(10);
    expect(ours.filter((d) => isWorker(d.metadata.name)).length).toBeGreaterThanOrEqual(3);
  });

  describe.each(ours.map((d) => [d.metadata.name, d]))('Deployment %s', (name, d) => {
    const c = d.spec.template.spec.containers[0];
    const labels = d.spec.template.metadata.labels;

    test('serves metrics on its port from infra/metrics-ports.js, scraped by annotation', () => {
      const port = metricsPort(name);
      expect(c.ports).toContainEqual({ name: 'metrics', containerPort: port });
      expect(c.env).toEqual(expect.arrayContaining([{ name: 'METRICS_PORT', value: String(port) }, { name: 'METRICS_HOST', value: '0.0.0.0' }]));
      expect(d.spec.template.metadata.annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(port), 'prometheus.io/path': '/metrics' });
    });

    test('is ready only while /ready on the metrics port answers (NATS, PostgreSQL, Redis reachable)', () => {
      expect(c.readinessProbe && c.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'metrics' });
      // Liveness never waits on another service: a dependency down makes pods unready, not restarted.
      expect(JSON.stringify(c.livenessProbe || {})).not.toMatch(/\/prod-api\/health|\/ready/);
    });

    test('has one PodDisruptionBudget', () => {
      const pdbs = byKind('PodDisruptionBudget').filter((p) => selects(p.spec.selector, labels));
      expect(pdbs).toHaveLength(1);
      expect(pdbs[0].spec.maxUnavailable ?? pdbs[0].spec.minAvailable).toBeDefined();
    });

    test(isWorker(name) ? 'scales on its BullMQ queue depth (KEDA, Prometheus)' : 'scales on CPU (HorizontalPodAutoscaler)', () => {
      const hpas = byKind('HorizontalPodAutoscaler').filter((h) => h.spec.scaleTargetRef.name === name);
      const scaled = byKind('ScaledObject').filter((o) => o.spec.scaleTargetRef.name === name);
      if (!isWorker(name)) {
        expect(scaled).toEqual([]);
        expect(hpas).toHaveLength(1);
        expect(hpas[0].spec.metrics).toContainEqual({ type: 'Resource', resource: { name: 'cpu', target: expect.objectContaining({ type: 'Utilization' }) } });
        return;
      }
      // KEDA makes its own HPA: a second one would fight it.
      expect(hpas).toEqual([]);
      expect(scaled).toHaveLength(1);
      const [trigger] = scaled[0].spec.triggers;
      expect(trigger.type).toBe('prometheus');
      // Waiting, prioritized, delayed and active: KEDA's Redis list scaler would see only the wait list.
      const states = /state=~"([^"]+)"/.exec(trigger.metadata.query)[1].split('|').sort();
      expect(states).toEqual(['active', 'delayed', 'prioritized', 'waiting']);
      expect(trigger.metadata.query).toMatch(/bullmq_job_count\{queue="[a-z-]+"/);
      // Every replica exports the same queue: per state the max, not the sum of replicas.
      expect(trigger.metadata.query).toMatch(/^sum\(max by \(state\) \(bullmq_job_count/);
      expect(Number(trigger.metadata.threshold)).toBeGreaterThan(0);
    });
  });

  test('only the monitoring namespace reaches the metrics ports (NetworkPolicy), the gateway keeps its HTTP port', () => {
    const names = ours.map((d) => d.metadata.name).sort();
    const policy = byKind('NetworkPolicy').find((p) => p.metadata.name === 'metrics-scrape');
    expect(policy.spec.podSelector).toEqual({ matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: names }] });
    expect(policy.spec.ingress).toEqual([{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }], ports: [{ port: 'metrics', protocol: 'TCP' }] }]);
    // No other policy opens a metrics port.
    const others = byKind('NetworkPolicy').filter((p) => p !== policy).flatMap((p) => p.spec.ingress || []).flatMap((r) => r.ports || []);
    const metricsPorts = new Set(ours.map((d) => metricsPort(d.metadata.name)));
    expect(others.filter((p) => p.port === 'metrics' || metricsPorts.has(p.port))).toEqual([]);
    const http = byKind('NetworkPolicy').find((p) => p.metadata.name === 'gateway-http');
    expect(http.spec.ingress).toEqual([{ ports: [{ port: 'http', protocol: 'TCP' }] }]);
  });

  test('compose exposes each process\'s metrics port inside its network and labels it for scraping', () => {
    const ourCompose = Object.entries(compose.services).filter(([key, svc]) => key !== 'web' && (/^contest-platform-/.test(svc.image || '') || svc.build));
    expect(ourCompose.length).toBe(ours.length);
    for (const [key, svc] of ourCompose) {
      const port = String(metricsPort(key));
      // Exposed to the compose network, never published on the host.
      const published = (svc.ports || []).filter((p) => String(typeof p === 'object' ? p.target : p).split(':').pop() === port);
      expect({ key, expose: svc.expose, published }).toEqual({ key, expose: [port], published: [] });
      expect({ key, env: { METRICS_PORT: svc.environment.METRICS_PORT, METRICS_HOST: svc.environment.METRICS_HOST } }).toEqual({ key, env: { METRICS_PORT: port, METRICS_HOST: '0.0.0.0' } });
      expect({ key, labels: svc.labels }).toEqual({ key, labels: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': port, 'prometheus.io/path': '/metrics' } });
    }
  });

  // ---------- the web apps (issue 28) ----------

  test('compose serves the web apps with the web image, the gateway believing its nginx and nobody else', () => {
    const web = compose.services.web;
    expect(web.build).toEqual({ context: '..', dockerfile: 'Dockerfile', target: 'web' });
    expect(web.ports).toEqual(['5173:8080', '5174:8081']);
    const address = web.networks.default.ipv4_address;
    expect(compose.services.gateway.environment.TRUST_PROXY).toBe(`\${TRUST_PROXY:-${address}}`);
    // The fixed address is in the network compose makes.
    const subnet = compose.networks.default.ipam.config[0].subnet;
    expect(address.split('.').slice(0, 3)).toEqual(subnet.split('.').slice(0, 3));
  });

  test('k8s runs the web image in a Deployment with a Service for the web app and the kiosk', () => {
    const web = byKind('Deployment').find((d) => d.metadata.name === 'web');
    const [container] = web.spec.template.spec.containers;
    expect(container.image).toMatch(WEB_IMAGE);
    expect(container.readinessProbe.httpGet.path).toBe('/index.html');
    expect(byKind('PodDisruptionBudget').filter((p) => Object.entries(p.spec.selector.matchLabels || {}).every(([k, v]) => web.spec.template.metadata.labels[k] === v))).toHaveLength(1);
    const service = byKind('Service').find((o) => o.metadata.name === 'web');
    expect(service.spec.selector).toEqual(web.spec.selector.matchLabels);
    expect(service.spec.ports.map((p) => p.targetPort).sort()).toEqual(container.ports.map((p) => p.name).sort());
    // nginx runs unprivileged on the ports the image's configuration listens on.
    expect(web.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    const conf = require('./web-server').nginxConfig({ webPort: 8080, kioskPort: 8081, gatewayUpstreams: ['gateway:8080'] });
    expect(container.ports.map((p) => p.containerPort).sort()).toEqual([8080, 8081]);
    expect(conf).toMatch(/listen 8080;[\s\S]*listen 8081;/);
  });

  test("the image's nginx configuration is made by infra/web-server.js and proxies to the gateway Service", () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^FROM \S+ AS web$/m);
    expect(dockerfile).toMatch(/node infra\/web-server\.js --config --upstream "\$GATEWAY_UPSTREAM"/);
    expect(dockerfile).toMatch(/^ARG GATEWAY_UPSTREAM=gateway:8080$/m);
    const gatewayService = byKind('Service').find((o) => o.metadata.name === 'gateway');
    expect(gatewayService.spec.ports.map((p) => p.port)).toContain(8080);
    // The last stage is a service's: `docker build --build-arg SERVICE=...` with no target still builds a service.
    expect(dockerfile.match(/^FROM .*$/gm).pop()).toMatch(/AS service$/);
  });
});
