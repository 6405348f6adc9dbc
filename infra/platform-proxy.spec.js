'use strict';

const { platformProxy, gatewayUpstreams } = require('./platform-proxy');

describe('gatewayUpstreams', () => {
  it('gives each gateway replica its own port and socket, replica 0 being the single gateway of platformProxy', () => {
    const list = gatewayUpstreams(8080, 3, '/run/cmp');
    expect(list).toEqual([
      { replica: 0, port: 8080, url: 'http://127.0.0.1:8080', socket: platformProxy(8080, '/run/cmp').gateway.PROXY_SOCKET },
      { replica: 1, port: 8081, url: 'http://127.0.0.1:8081', socket: '/run/cmp/gateway-1.sock' },
      { replica: 2, port: 8082, url: 'http://127.0.0.1:8082', socket: '/run/cmp/gateway-2.sock' },
    ]);
    expect(new Set(list.map((u) => u.socket)).size).toBe(3);
  });
});
