import * as fs from 'node:fs';
import type { Server } from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';

/**
 * The peer address given to connections through the proxy socket: '::', the unspecified address, which no TCP peer
 * can have. A Unix socket has no peer address of its own; this one lets `trustProxy` name the socket and nothing else.
 */
export const PROXY_SOCKET_PEER = '::';

/**
 * Serves the gateway's HTTP server on a Unix socket as well, for the platform's own web proxy (issue 27: trusting
 * 127.0.0.1 believed every local program). The socket is made readable and writable by the gateway's user only
 * (umask 0177 while it is created), in a directory made private to that user when it is created here.
 */
export function listenOnProxySocket(server: Server, socketPath: string): Promise<net.Server> {
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  // A socket left by a gateway that did not stop cleanly; anything else at that path is left alone (listen fails).
  if (fs.lstatSync(socketPath, { throwIfNoEntry: false })?.isSocket()) fs.rmSync(socketPath);
  const proxy = net.createServer((socket) => {
    Object.defineProperty(socket, 'remoteAddress', { value: PROXY_SOCKET_PEER });
    server.emit('connection', socket);
  });
  return new Promise((resolve, reject) => {
    proxy.once('error', reject);
    const umask = process.umask(0o177);
    try {
      proxy.listen(socketPath, () => resolve(proxy));
    } finally {
      process.umask(umask);
    }
  });
}
