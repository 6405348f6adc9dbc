import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyle } from './build/antd-static-style';
import { SITE_THEME } from './src/modules/home/site-theme';
import { LANDING } from './src/ssr/landing';

// The gateway serves the API under /prod-api; dev and preview forward it there. `npm start` names the gateway's
// proxy socket (GATEWAY_SOCKET): only what arrives through it may say who the visitor is (infra/platform-proxy.js).
const socketPath = process.env.GATEWAY_SOCKET;
const gateway = socketPath ? { socketPath, host: 'localhost', port: 80 } : process.env.GATEWAY_URL || 'http://127.0.0.1:8080';
const proxy: Record<string, ProxyOptions> = {
  // xfwd: the gateway learns the visitor's address and the host they used (each organisation's public site is chosen
  // by it). Over the socket the visitor's own Host header goes on as it is.
  '/prod-api': { target: gateway, changeOrigin: !socketPath, xfwd: true },
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
        // A page the server rendered (data-ssr) loads the app only when the visitor acts (app/ssr/takeover.ts).
        const script = `(function(){if(document.documentElement.hasAttribute('data-ssr'))return;var f=${JSON.stringify(files)},r=${JSON.stringify(routes)},p=location.pathname.replace(/\\/+$/,'')||'/',e=r[p];if(!e)return;function l(n,a){var k=document.createElement('link');k.rel=a;k.href='/'+f[n];k.crossOrigin='';if(a==='preload')k.as='style';document.head.appendChild(k)}e.js.forEach(function(n){l(n,'modulepreload')});e.css.forEach(function(n){l(n,'preload')})})();`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * The server renders the public pages only: the app's other lazy modules (the back office's pages, named by the
 * session's menus) stay out of its build (their imports are never run there).
 */
function publicPagesOnly(): Plugin {
  return {
    name: 'public-pages-only',
    resolveDynamicImport(_specifier, importer) {
      return /\/src\/modules\/home\//.test(importer.replace(/\\/g, '/')) ? null : false;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server-rendering build (src/ssr/entry-server.tsx, into dist-ssr) is one self-contained file for the gateway.
  plugins: isSsrBuild ? [react(), publicPagesOnly()] : [react(), preloadLanding(), antdStaticStyle(SITE_THEME)],
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
  ...(isSsrBuild && {
    ssr: { noExternal: true, target: 'node' as const },
    // antd's class names are hashed differently in development: the static sheet is the production one.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  build: isSsrBuild
    ? { outDir: 'dist-ssr', copyPublicDir: false, minify: false, rollupOptions: { output: { format: 'cjs' as const, entryFileNames: '[name].cjs' } } }
    : {
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
}));
