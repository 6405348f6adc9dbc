import base from './vite.config.ts';
import { mergeConfig } from 'vite';
export default mergeConfig(base, {
  root: '/work/main/web',
  build: { outDir: '/tmp/analyze-dist' },
  plugins: [{
    name: 'sizes',
    generateBundle(_o, bundle) {
      for (const [name, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const groups = {};
        for (const [id, m] of Object.entries(chunk.modules)) {
          const key = id.replace(/.*node_modules\//, '').split('/').slice(0, id.includes('node_modules/@') ? 2 : 1).join('/');
          const k2 = id.includes('node_modules') ? key : id.replace('/work/main/', '');
          groups[k2] = (groups[k2] || 0) + m.renderedLength;
        }
        console.log('ENTRY', name);
        Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 40).forEach(([k, v]) => console.log(String(v).padStart(8), k));
      }
    },
  }],
});
