import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves the API under /prod-api; dev and preview forward it there. `npm start` names the gateway's
// proxy socket (GATEWAY_SOCKET): only what arrives through it may say who the visitor is (infra/platform-proxy.js).
const socketPath = process.env.GATEWAY_SOCKET;
const gateway = socketPath ? { socketPath, host: 'localhost', port: 80 } : process.env.GATEWAY_URL || 'http://127.0.0.1:8080';
const proxy: Record<string, ProxyOptions> = {
  // xfwd: the gateway learns the visitor's address and the host they used (each organisation's public site is chosen
  // by it). Over the socket the visitor's own Host header goes on as it is.
  '/prod-api': { target: gateway, changeOrigin: !socketPath, xfwd: true },
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@cmp/contracts': fileURLToPath(new URL('../services/contracts/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: { port: 5173, host: '0.0.0.0', proxy },
  preview: { port: 5173, host: '0.0.0.0', proxy },
  build: {
    outDir: 'dist',
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        // Libraries every screen needs stay in one cached chunk; antd's heavy
        // back-office components fall into the lazy chunks that import them.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'react';
          if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18n';
          return undefined;
        },
      },
    },
  },
});
