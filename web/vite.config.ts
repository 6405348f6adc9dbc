import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyle } from './build/antd-static-style';
import { SITE_THEME } from './src/modules/home/site-theme';

// The gateway serves the API under /prod-api; dev and preview forward it there. `npm start` names the gateway's
// proxy socket (GATEWAY_SOCKET): only what arrives through it may say who the visitor is (infra/platform-proxy.js).
const socketPath = process.env.GATEWAY_SOCKET;
const gateway = socketPath ? { socketPath, host: 'localhost', port: 80 } : process.env.GATEWAY_URL || 'http://127.0.0.1:8080';
const proxy: Record<string, ProxyOptions> = {
  // xfwd: the gateway learns the visitor's address and the host they used (each organisation's public site is chosen
  // by it). Over the socket the visitor's own Host header goes on as it is.
  '/prod-api': { target: gateway, changeOrigin: !socketPath, xfwd: true },
};

/**
 * The public pages a visitor lands on, by path, and the modules their first screen needs beyond the entry: the layout
 * and the page, each a lazy chunk. Without a hint the browser finds them one after another (entry, then layout, then
 * page, then their imports); an inline script in index.html asks for all of them at once for the path being opened.
 */
const LANDING: Record<string, string[]> = {
  '/': ['src/modules/home/components/HomeLayout.tsx', 'src/modules/home/pages/HomePage.tsx'],
  '/home': ['src/modules/home/components/HomeLayout.tsx', 'src/modules/home/pages/HomePage.tsx'],
  '/home/homepage': ['src/modules/home/components/HomeLayout.tsx', 'src/modules/home/pages/HomePage.tsx'],
  '/home/competition': ['src/modules/home/components/HomeLayout.tsx', 'src/modules/home/pages/CompetitionListPage.tsx'],
  '/home/competition/details': ['src/modules/home/components/HomeLayout.tsx', 'src/modules/home/pages/CompetitionDetailPage.tsx'],
};

function preloadLanding(): Plugin {
  return {
    name: 'preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!.replace(/\\/g, '/'), c]));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        // What index.html already loads: the entry and its static imports.
        const loaded = new Set<string>();
        const closure = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const i of byFile.get(file)?.imports ?? []) closure(i, into);
        };
        if (entry) closure(entry.fileName, loaded);
        const files: string[] = [];
        const index = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
        const routes: Record<string, { js: number[]; css: number[] }> = {};
        for (const [route, modules] of Object.entries(LANDING)) {
          const js = new Set<string>();
          const css = new Set<string>();
          for (const m of modules) {
            const chunk = [...byModule.entries()].find(([id]) => id.endsWith(`/web/${m}`))?.[1];
            if (!chunk) throw new Error(`preload-landing: no chunk for ${m}`);
            closure(chunk.fileName, js);
          }
          for (const f of js) for (const c of byFile.get(f)?.viteMetadata?.importedCss ?? []) css.add(c);
          routes[route] = { js: [...js].filter((f) => !loaded.has(f)).map(index), css: [...css].map(index) };
        }
        const script = `(function(){var f=${JSON.stringify(files)},r=${JSON.stringify(routes)},p=location.pathname.replace(/\\/+$/,'')||'/',e=r[p];if(!e)return;function l(n,a){var k=document.createElement('link');k.rel=a;k.href='/'+f[n];k.crossOrigin='';if(a==='preload')k.as='style';document.head.appendChild(k)}e.js.forEach(function(n){l(n,'modulepreload')});e.css.forEach(function(n){l(n,'preload')})})();`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadLanding(), antdStaticStyle(SITE_THEME)],
  resolve: {
    alias: {
      // Before the package itself: the manual's languages load one at a time.
      '@cmp/contracts/manual': fileURLToPath(new URL('../services/contracts/src/manual', import.meta.url)),
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
