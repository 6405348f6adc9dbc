// The nginx configurations infra/web-server.js makes are ones nginx accepts (`nginx -t`), for `npm start` (a gateway
// socket), several gateways (replicas) and the image (behind an ingress). Serving itself is tested end to end in
// services/gateway/test/web-server.e2e-spec.ts.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { nginxConfig, SERVER_RENDERED } = require('./web-server');

const nginxTest = (options) => {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'web-server-spec-'));
  try {
    const conf = path.join(prefix, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig({ ...options, prefix }));
    const r = spawnSync('/usr/sbin/nginx', ['-t', '-p', prefix, '-c', conf, '-e', 'stderr'], { encoding: 'utf8' });
    return { status: r.status, output: r.stderr };
  } finally {
    fs.rmSync(prefix, { recursive: true, force: true });
  }
};

describe('infra/web-server.js', () => {
  test.each([
    ['npm start: one gateway over its proxy socket', { webPort: 18001, kioskPort: 18002, gatewayUpstreams: ['/run/cmp/gateway.sock'] }],
    ['replicas: several gateways', { webPort: 18001, kioskPort: 18002, gatewayUpstreams: ['127.0.0.1:8080', '127.0.0.1:8081', 'unix:/run/g.sock'] }],
    ['behind an ingress, the web app alone', { webPort: 18001, gatewayUpstreams: ['127.0.0.1:8080'], trustProxy: ['10.0.0.0/8', '192.0.2.1'], host: '127.0.0.1' }],
  ])('nginx accepts the configuration for %s', (_what, options) => {
    const { status, output } = nginxTest(options);
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('test is successful') });
  });

  test('X-Forwarded-For is overwritten with the visitor nginx believes, never passed on from a client', () => {
    const conf = nginxConfig({ webPort: 1, gatewayUpstreams: ['127.0.0.1:8080'] });
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
    expect(conf).not.toContain('set_real_ip_from');
    const behind = nginxConfig({ webPort: 1, gatewayUpstreams: ['127.0.0.1:8080'], trustProxy: ['10.0.0.0/8'] });
    expect(behind).toContain('set_real_ip_from 10.0.0.0/8;');
  });

  test('names every gateway in both upstreams, sockets as unix:', () => {
    const conf = nginxConfig({ webPort: 1, gatewayUpstreams: ['10.0.0.5:8080', '/run/g.sock'] });
    expect(conf.match(/server 10\.0\.0\.5:8080 /g)).toHaveLength(2);
    expect(conf.match(/server unix:\/run\/g\.sock /g)).toHaveLength(2);
    expect(() => nginxConfig({ webPort: 1, gatewayUpstreams: [] })).toThrow(/no gateway/);
  });

  test('sends the pages the web app renders on the server (web/src/ssr/landing.ts) to the gateway, and only those', () => {
    const landing = fs.readFileSync(path.join(__dirname, '..', 'web', 'src', 'ssr', 'landing.ts'), 'utf8');
    const table = landing.slice(landing.indexOf('export const SERVER_RENDERED'));
    const paths = [...table.matchAll(/'(\/[^']*)':/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(0);
    expect([...SERVER_RENDERED].sort()).toEqual([...paths].sort());
    const conf = nginxConfig({ webPort: 1, kioskPort: 2, gatewayUpstreams: ['127.0.0.1:8080'] });
    expect(conf.match(/rewrite \^ \/prod-api\/site-page\$uri break;/g)).toHaveLength(1);
    expect(conf).toContain(`location ~ ^(${SERVER_RENDERED.join('|')})$`);
  });
});
