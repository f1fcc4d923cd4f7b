import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { defineConfig, normalizePath, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// Three HTML entries (shopper portal, staff portal, the lessee's account) built from web/ into dist/ at the repo root
// (the account's page lands in dist/customer/index.html; the servers answer /account/ with it).
// Each entry imports only its own tree, so Rolldown puts staff code in chunks the shopper page never loads;
// code both entries use (react, web/lib) lands in shared chunks.
const web = fileURLToPath(new URL('./web/', import.meta.url));
const dist = fileURLToPath(new URL('./dist/', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;
// During `vite` (dev) the API, sandbox vendors and the demo retailer page come from `npm start`.
const proxied = [
  '/apply-v2',
  '/system',
  '/keep-alive',
  '/health',
  '/api',
  '/staff/api',
  '/customer/api',
  '/retailer',
  '/sandbox',
  '/demo',
];

const shopperHtml = fileURLToPath(new URL('./web/index.html', import.meta.url));

/**
 * The shopper page paints its first screen before any JavaScript runs: the build renders the store search and the
 * application page's frame (every language and brand) into index.html's #root (web/shopper/shell/prerender.tsx),
 * and puts web/shopper/shell/boot.ts, compiled to a tiny classic script, in <head> to pick the copy that applies
 * before the first paint. A file, not inline, so a `script-src 'self'` Content-Security-Policy allows it.
 */
function prerenderShopperShell(): Plugin {
  let boot = { fileName: '', code: '' };
  return {
    name: 'lto:prerender-shopper-shell',
    apply: 'build',
    async buildStart() {
      // bundled: it imports the first-step rule it shares with the app
      const { outputFiles } = await esbuild({
        entryPoints: [fileURLToPath(new URL('./web/shopper/shell/boot.ts', import.meta.url))],
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2019',
        legalComments: 'none',
      });
      const code = outputFiles[0]!.text;
      boot = {
        fileName: `assets/shell-boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`,
        code,
      };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: boot.fileName, source: boot.code });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (normalizePath(ctx.filename) !== normalizePath(shopperHtml)) return html;
        const { module } = await runnerImport<typeof import('./web/shopper/shell/prerender.tsx')>(
          fileURLToPath(new URL('./web/shopper/shell/prerender.tsx', import.meta.url)),
          // the application step the prerender includes imports its stylesheets: the page gets them from the
          // build, the prerender only needs the markup
          { configFile: false, root: web, logLevel: 'warn', plugins: [stylesheetsAsNothing()] },
        );
        const marker = '<div id="root"></div>';
        if (!html.includes(marker)) throw new Error(`web/index.html has no ${marker} to prerender into`);
        return {
          html: html.replace(marker, `<div id="root">${module.renderShells()}</div>`),
          tags: [{ tag: 'script', attrs: { src: `/${boot.fileName}` }, injectTo: 'head' }],
        };
      },
    },
  };
}

/** In the prerender's module runner, a stylesheet import is an empty module (Vite's CSS plugins need a full build). */
function stylesheetsAsNothing(): Plugin {
  const stub = '\0prerender-stylesheet';
  return {
    name: 'lto:prerender-stylesheets-as-nothing',
    enforce: 'pre',
    resolveId: (source) => (source.endsWith('.css') ? stub : null),
    load: (id) => (id === stub ? 'export {};' : null),
  };
}

export default defineConfig({
  root: web,
  base: '/',
  // No public dir: nothing (in particular no msw mockServiceWorker.js) is copied into the production build.
  publicDir: false,
  plugins: [react(), prerenderShopperShell()],
  build: {
    outDir: dist,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        shopper: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        staff: fileURLToPath(new URL('./web/staff/index.html', import.meta.url)),
        account: fileURLToPath(new URL('./web/customer/index.html', import.meta.url)),
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
