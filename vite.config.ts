import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Two HTML entries (shopper portal and staff portal) built from web/ into dist/ at the repo root.
// Each entry imports only its own tree, so Rolldown puts staff code in chunks the shopper page never loads;
// code both entries use (react, web/lib) lands in shared chunks.
const web = fileURLToPath(new URL('./web/', import.meta.url));
const dist = fileURLToPath(new URL('./dist/', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;
// During `vite` (dev) the API, sandbox vendors and the demo retailer page come from `npm start`.
const proxied = ['/apply-v2', '/system', '/keep-alive', '/health', '/api', '/staff/api', '/retailer', '/sandbox', '/demo'];

export default defineConfig({
  root: web,
  base: '/',
  // No public dir: nothing (in particular no msw mockServiceWorker.js) is copied into the production build.
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: dist,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        shopper: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        staff: fileURLToPath(new URL('./web/staff/index.html', import.meta.url)),
      },
      output: {
        // React is the only named shared chunk. Do not widen this to all of node_modules: a catch-all vendor group
        // would pull staff-only packages into a chunk the shopper page loads.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
