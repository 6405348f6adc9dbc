#!/usr/bin/env node
// Serves the built web app (web/dist) and the kiosk (kiosk/dist) as production does: Debian's nginx, unprivileged,
// with precompressed brotli/gzip files, immutable caching of hashed assets, the single-page fallback, /prod-api
// proxied to the gateway(s) and the kiosk's socket.io upgraded to WebSocket. One generator for `npm start`, the
// browser tests and the image (Dockerfile, stage "web"):
//   node infra/web-server.js --precompress                 writes .br/.gz beside web/dist and kiosk/dist files
//   node infra/web-server.js --config [--upstream a ...]   prints the image's nginx.conf
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const NGINX = '/usr/sbin/nginx';
const MODULES = '/usr/lib/nginx/modules';
const BROTLI_MODULE = 'ngx_http_brotli_static_module.so';
/** Compressed on disk once, served as they are (gzip_static / brotli_static): no CPU per request. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|wasm|ttf|otf)$/;
/**
 * The public pages the gateway renders on the server (web/src/ssr/landing.ts, SERVER_RENDERED): nginx asks it for their
 * HTML, and serves the app as for any route when it cannot have it.
 */
const SERVER_RENDERED = ['/home/homepage', '/home/competition', '/home/competition/details'];
/** A path that names a file (not a route): missing, it is a 404, never the app. */
const FILE_PATH = /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|json|txt|xml|wasm|mp3|wav)$/;

/** Writes name.br and name.gz beside each compressible file of `dir` that lacks a fresh one. Answers how many. */
function precompress(dir) {
  let made = 0;
  if (!fs.existsSync(dir)) return made;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const mtime = fs.statSync(file).mtimeMs;
    const data = fs.readFileSync(file);
    if (data.length < 256) continue;
    for (const [ext, compress] of [
      ['.br', (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } })],
      ['.gz', (b) => zlib.gzipSync(b, { level: 9 })],
    ]) {
      const out = file + ext;
      if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= mtime) continue;
      fs.writeFileSync(out, compress(data));
      made++;
    }
  }
  return made;
}

/** An upstream address as nginx writes it: host:port as it is, a socket path as unix:path. */
const upstreamServer = (a) => (a.startsWith('unix:') ? a : a.startsWith('/') ? `unix:${a}` : a.replace(/^https?:\/\//, ''));

/**
 * The nginx configuration serving both apps.
 *   webPort, kioskPort      where the web app and the kiosk listen (either may be left out to serve only the other)
 *   gatewayUpstreams        one or more gateways: "host:port" or a Unix socket path (the gateway's PROXY_SOCKET)
 *   trustProxy              addresses/CIDRs of a proxy in front of nginx (an ingress) whose X-Forwarded-For is
 *                           believed, as the gateway's TRUST_PROXY; nobody by default
 *   prefix                  nginx's own directory (pid, temp files); host to listen on; webRoot/kioskRoot the dists
 *   brotli                  load Debian's brotli_static module (default: when it is installed)
 */
function nginxConfig({
  webPort,
  kioskPort,
  gatewayUpstreams,
  trustProxy = [],
  prefix = path.join(ROOT, '.data', 'nginx'),
  host = '0.0.0.0',
  webRoot = path.join(ROOT, 'web', 'dist'),
  kioskRoot = path.join(ROOT, 'kiosk', 'dist'),
  brotli = fs.existsSync(path.join(MODULES, BROTLI_MODULE)),
  modulesDir = MODULES,
  mimeTypes = '/etc/nginx/mime.types',
  accessLog = false,
  // The public landing pages' HTML from the gateway (SERVER_RENDERED); false serves the app for them as for any route.
  serverRender = true,
  // Started by root (CI, a root shell), nginx's workers would become "nobody" and could not reach the gateway's
  // socket, which only its own user may open: they stay the user who started it.
  sameUser = process.getuid?.() === 0,
}) {
  if (!gatewayUpstreams?.length) throw new Error('nginxConfig: gatewayUpstreams names no gateway');
  const servers = gatewayUpstreams.map((a) => `    server ${upstreamServer(a)} max_fails=0;`).join('\n');
  const listen = (port) => (host === '0.0.0.0' ? `listen ${port};` : `listen ${host}:${port};`);
  // The visitor's address: nginx's peer, or what a trusted proxy in front says (realip), never what a client says.
  const realIp = trustProxy.length
    ? `${trustProxy.map((a) => `  set_real_ip_from ${a};`).join('\n')}\n  real_ip_header X-Forwarded-For;\n  real_ip_recursive on;\n`
    : '';
  const proxyHeaders = `
      proxy_http_version 1.1;
      # The gateway picks an organisation's public site by the host the visitor used; X-Forwarded-For is
      # overwritten with the visitor's address (what a client sent is not passed on: README, TRUST_PROXY).
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;`;
  const api = (upstream) => `
    location = /prod-api { return 404; }
    # socket.io: one visitor stays on one gateway (its polling handshake), the WebSocket is kept open.
    location ^~ /prod-api/socket.io/ {
      proxy_pass http://gateway_sticky;${proxyHeaders}
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      proxy_buffering off;
    }
    location ^~ /prod-api/ {
      proxy_pass http://${upstream};${proxyHeaders}
      # Uploads stream to the gateway, which enforces its own limits with its own messages.
      client_max_body_size 0;
      proxy_request_buffering off;
      proxy_read_timeout 5m;
    }`;
  // Rendered pages are asked for as the visitor's own request (host, address, cookies); a 404 (no web build beside the
  // gateway) or a failure serves the app, which renders the page itself.
  const serverRendered = `
    location ~ ^(${SERVER_RENDERED.join('|')})$ {
      rewrite ^ /prod-api/site-page$uri break;
      proxy_pass http://gateway;${proxyHeaders}
      proxy_intercept_errors on;
      error_page 404 500 502 503 504 = @app;
    }
    location @app {
      add_header Cache-Control "no-cache" always;
      try_files /index.html =404;
    }`;
  const site = (port, root, name, rendered = '') => `
  server {
    ${listen(port)}
    server_name _;
    root ${root};
    # ${name}
${api('gateway')}${rendered}
    # The build's manifest is for the gateway's renderer, not for visitors.
    location ^~ /.vite/ { return 404; }
    # Hashed by the build: a new release has new names, so a browser keeps these for a year without asking.
    location ^~ /assets/ {
      add_header Cache-Control "public, max-age=31536000, immutable";
      try_files $uri =404;
    }
    location = /index.html {
      add_header Cache-Control "no-cache" always;
    }
    # A file that is not there is a 404; any other path is a route of the single-page app.
    location ~* ${FILE_PATH.source} {
      add_header Cache-Control "no-cache" always;
      try_files $uri =404;
    }
    location / {
      try_files $uri /index.html;
    }
  }`;
  return `# Generated by infra/web-server.js; do not edit.
${brotli ? `load_module ${modulesDir}/${BROTLI_MODULE};\n` : ''}${sameUser ? `user ${os.userInfo().username};\n` : ''}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
daemon off;
events { worker_connections 4096; }
http {
  include ${mimeTypes};
  default_type application/octet-stream;
  ${accessLog ? 'access_log /dev/stdout;' : 'access_log off;'}
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  # Precompressed files first (infra/web-server.js --precompress), compressed on the fly otherwise.
  gzip on;
  gzip_static on;
  gzip_vary on;
  gzip_proxied any;
  gzip_comp_level 5;
  gzip_min_length 512;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml text/plain application/xml;
${brotli ? '  brotli_static on;\n' : ''}${realIp}
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream gateway {
${servers}
    keepalive 32;
  }
  upstream gateway_sticky {
    hash $remote_addr consistent;
${servers}
  }
${webPort ? site(webPort, webRoot, 'The web app (web/dist): public site, personal centre, back office.', serverRender ? serverRendered : '') : ''}
${kioskPort ? site(kioskPort, kioskRoot, 'The venue screens (kiosk/dist).') : ''}
}
`;
}

/**
 * Precompresses the dists and writes the configuration under `prefix` (options as nginxConfig); answers the command
 * that runs nginx in the foreground with it (no root: its own pid and temp paths, errors to stderr).
 */
function prepareWebServer(options) {
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: run node infra/system-packages.js run`);
  const prefix = options.prefix ?? path.join(ROOT, '.data', 'nginx');
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(prefix, d), { recursive: true });
  if (options.webPort) precompress(options.webRoot ?? path.join(ROOT, 'web', 'dist'));
  if (options.kioskPort) precompress(options.kioskRoot ?? path.join(ROOT, 'kiosk', 'dist'));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ ...options, prefix }));
  return { command: NGINX, args: ['-p', prefix, '-c', conf, '-e', 'stderr'] };
}

/** Starts nginx as prepareWebServer sets it up; answers the child process (SIGTERM stops it). */
function startWebServer(options, { stdio = 'inherit', detached = false, env = process.env } = {}) {
  const { command, args } = prepareWebServer(options);
  return spawn(command, args, { stdio, detached, env });
}

module.exports = { nginxConfig, prepareWebServer, startWebServer, precompress, SERVER_RENDERED };

if (require.main === module) {
  const args = process.argv.slice(2);
  const values = (flag) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));
  if (args.includes('--precompress')) {
    const made = precompress(path.join(ROOT, 'web', 'dist')) + precompress(path.join(ROOT, 'kiosk', 'dist'));
    console.error(`precompressed: ${made} files`);
  } else if (args.includes('--config')) {
    // The image's configuration: nginx on 8080/8081 (no root needed), the dists under /srv, the gateway service.
    process.stdout.write(
      nginxConfig({
        webPort: Number(values('--web-port')[0] ?? 8080),
        kioskPort: Number(values('--kiosk-port')[0] ?? 8081),
        gatewayUpstreams: values('--upstream').length ? values('--upstream') : ['gateway:8080'],
        trustProxy: values('--trust-proxy'),
        prefix: '/tmp/nginx',
        webRoot: '/srv/web',
        kioskRoot: '/srv/kiosk',
        brotli: true,
        accessLog: true,
        sameUser: false,
      }),
    );
  } else {
    console.error('usage: node infra/web-server.js --precompress | --config [--upstream host:port ...] [--trust-proxy cidr ...]');
    process.exit(2);
  }
}
