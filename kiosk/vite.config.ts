import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves the API and socket.io under /prod-api; dev and preview forward both there, over the gateway's
// proxy socket when `npm start` names it (GATEWAY_SOCKET, see web/vite.config.ts).
const socketPath = process.env.GATEWAY_SOCKET;
const gateway = socketPath ? { socketPath, host: 'localhost', port: 80 } : process.env.GATEWAY_URL || 'http://127.0.0.1:8080';
const proxy: Record<string, ProxyOptions> = { '/prod-api': { target: gateway, changeOrigin: !socketPath, ws: true, xfwd: true } };

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@cmp/contracts': fileURLToPath(new URL('../services/contracts/src/index.ts', import.meta.url)) } },
  server: { port: 5174, host: '0.0.0.0', proxy },
  preview: { port: 5174, host: '0.0.0.0', proxy },
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
});
