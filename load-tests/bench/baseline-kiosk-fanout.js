#!/usr/bin/env node
// Bare baseline of the kiosk-fanout bench: one plain HTTP server with socket.io (in-memory adapter, no Nest, NATS,
// PostgreSQL or Redis). POST /call?room=N numbers the room's next event and broadcasts it to the room's sockets at
// once, then answers: what the platform's path costs on top of socket.io's own fan-out. Env: PORT.
'use strict';

const http = require('node:http');
const { Server } = require('socket.io');
const { KioskWire } = require('@cmp/contracts');

const seq = new Map();
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/prod-api/health') return res.end('{"code":0}');
  if (req.method !== 'POST' || url.pathname !== '/call') return res.writeHead(404).end();
  const roomId = Number(url.searchParams.get('room'));
  const next = (seq.get(roomId) ?? 0) + 1;
  seq.set(roomId, next);
  io.of(KioskWire.namespace).to(`room:${roomId}`).emit(KioskWire.roomEvent, { action: 'call', state: { roomId, seq: next }, announce: null });
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ code: 0, data: { roomId, seq: next } }));
});
const io = new Server(server, { path: KioskWire.path, serveClient: false });
io.of(KioskWire.namespace).on('connection', (socket) => {
  void socket.join(`room:${Number(socket.handshake.auth.room)}`);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
