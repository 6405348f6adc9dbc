'use strict';

/**
 * How `npm start` puts the web apps' proxy (vite preview) in front of the gateway, in one place: the start script
 * uses it, and a gateway test starts a gateway and a web proxy with exactly these settings.
 *   gateway: environment of the gateway (the start script lets the caller's own environment override it)
 *   web:     environment of each vite preview
 */
function platformProxy(gatewayPort) {
  return {
    // The web app's proxy (vite) connects from 127.0.0.1 and says who the visitor is and which host they used
    // (u1.localhost, ...): the gateway believes X-Forwarded-* from that address only, not from every loopback caller.
    gateway: { TRUST_PROXY: '127.0.0.1' },
    web: { GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` },
  };
}

module.exports = { platformProxy };
