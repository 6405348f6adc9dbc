'use strict';

const path = require('node:path');

const RUN_DIR = path.join(__dirname, '..', '.data', 'run');

/**
 * How `npm start` puts the web apps' proxy (nginx, infra/web-server.js) in front of the gateway, in one place: the start script
 * uses it, and a gateway test starts a gateway and a web proxy with exactly these settings.
 *   gateway: environment of the gateway (the start script lets the caller's own environment override it)
 *   web:     where the web proxy finds the gateway (GATEWAY_SOCKET; GATEWAY_URL for `vite` in development)
 * The proxy reaches the gateway over a Unix socket in a directory private to the platform's user, and the gateway
 * believes X-Forwarded-* from that socket only: trusting 127.0.0.1 believed every local program (issue 27). The
 * gateway's port still answers direct callers, each as its own address. Behind another proxy (a university's
 * nginx), name it in TRUST_PROXY (README, "Working on it").
 */
function platformProxy(gatewayPort, runDir = RUN_DIR) {
  const socket = path.join(runDir, 'gateway.sock');
  return {
    gateway: { PROXY_SOCKET: socket },
    web: { GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`, GATEWAY_SOCKET: socket },
  };
}

/**
 * The gateway replicas `npm start -- --replicas N` runs: replica i listens on PORT+i and on a socket of its own
 * (two processes cannot listen on one Unix socket). Replica 0 is exactly platformProxy's gateway. A web server that
 * balances across the gateways takes this list; until then the web apps' proxy uses replica 0.
 */
function gatewayUpstreams(gatewayPort, replicas = 1, runDir = RUN_DIR) {
  return Array.from({ length: replicas }, (_, i) => ({
    replica: i,
    port: gatewayPort + i,
    url: `http://127.0.0.1:${gatewayPort + i}`,
    socket: i === 0 ? platformProxy(gatewayPort, runDir).gateway.PROXY_SOCKET : path.join(runDir, `gateway-${i}.sock`),
  }));
}

module.exports = { platformProxy, gatewayUpstreams };
