import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { defineConfig, normalizePath, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// Three HTML entries (shopper portal, staff portal, the lessee's account) built from web/ into dist/ at the repo root
// (the account's page lands in dist/customer/index.html; the servers answer /account/ with it).
// The shopper page is built apart from the other two (its own environment, on Preact: see shopperOnPreact), so no
// chunk is shared with it; the staff portal and the account share React and web/lib.
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

/** A page whose first screen the build prerenders: its HTML entry, the module that renders the copies, its boot script. */
interface PrerenderedPage {
  name: string;
  html: string;
  /** A module exporting `renderShells(): string`, the copies put into the page's #root. */
  module: string;
  /** A tiny classic script for <head> that marks <html> with the copy that applies. */
  boot: string;
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const PRERENDERED: readonly PrerenderedPage[] = [
  // the store search and the application page's frame (web/shopper/shell/prerender.tsx)
  {
    name: 'shell',
    html: here('./web/index.html'),
    module: here('./web/shopper/shell/prerender.tsx'),
    boot: here('./web/shopper/shell/boot.ts'),
  },
  // the lessee's account: its sign-in, the first screen of a signed-out visit (web/customer/prerender.tsx)
  {
    name: 'account',
    html: here('./web/customer/index.html'),
    module: here('./web/customer/prerender.tsx'),
    boot: here('./web/customer/boot.ts'),
  },
];

/**
 * The shopper page and the lessee's account paint their first screen before any JavaScript runs: the build renders
 * it (every language and brand) into the page's #root, and puts the page's boot script, compiled to a tiny classic
 * script, in <head> to pick the copy that applies before the first paint. A file, not inline, so a
 * `script-src 'self'` Content-Security-Policy allows it.
 */
function prerenderFirstScreens(): Plugin {
  const boots = new Map<string, { fileName: string; code: string }>();
  return {
    name: 'lto:prerender-first-screens',
    apply: 'build',
    async buildStart() {
      for (const page of PRERENDERED) {
        // bundled: a boot script may import a small rule it shares with its app
        const { outputFiles } = await esbuild({
          entryPoints: [page.boot],
          bundle: true,
          write: false,
          format: 'iife',
          minify: true,
          target: 'es2019',
          legalComments: 'none',
        });
        const code = outputFiles[0]!.text;
        const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
        boots.set(page.name, { fileName: `assets/${page.name}-boot-${hash}.js`, code });
      }
    },
    generateBundle() {
      for (const boot of boots.values()) this.emitFile({ type: 'asset', fileName: boot.fileName, source: boot.code });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const page = PRERENDERED.find((p) => normalizePath(p.html) === normalizePath(ctx.filename));
        if (!page) return html;
        const { module } = await runnerImport<{ renderShells: () => string }>(
          page.module,
          // the screens the prerender includes import their stylesheets: the page gets them from the build, the
          // prerender only needs the markup
          { configFile: false, root: web, logLevel: 'warn', plugins: [stylesheetsAsNothing()] },
        );
        const marker = '<div id="root"></div>';
        if (!html.includes(marker)) throw new Error(`${page.html} has no ${marker} to prerender into`);
        return {
          html: html.replace(marker, `<div id="root">${module.renderShells()}</div>`),
          tags: [{ tag: 'script', attrs: { src: `/${boots.get(page.name)!.fileName}` }, injectTo: 'head' }],
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

/**
 * The shopper's page runs on Preact's React-compatible layer (preact/compat): the same components and hooks, about
 * 55 KB gzipped less JavaScript before the first step a shopper can type into (issue 24 point 4). Only the shopper
 * environment's imports of react and react-dom are sent there; the staff portal and the lessee's account keep React.
 */
function shopperOnPreact(): Plugin {
  const targets: Record<string, string> = {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    // createRoot, with passive effects flushed before the next input as React does (web/shopper/preact-client.ts)
    'react-dom/client': here('./web/shopper/preact-client.ts'),
    'react/jsx-runtime': 'preact/compat/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  };
  return {
    name: 'lto:shopper-on-preact',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (this.environment.name !== SHOPPER_ENVIRONMENT) return null;
      const target = targets[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

const SHOPPER_ENVIRONMENT = 'shopper';

export default defineConfig({
  root: web,
  base: '/',
  // No public dir: nothing (in particular no msw mockServiceWorker.js) is copied into the production build.
  publicDir: false,
  plugins: [react(), shopperOnPreact(), prerenderFirstScreens()],
  build: {
    outDir: dist,
    sourcemap: true,
    target: 'es2022',
  },
  // Two builds into one dist/: the staff portal and the lessee's account (React), then the shopper page (Preact).
  // Each imports only its own tree; the second must not empty what the first wrote, and runs last so that a
  // `--manifest` build leaves the shopper page's manifest (npm run bench:shopper reads it).
  environments: {
    client: {
      build: {
        emptyOutDir: true,
        rolldownOptions: {
          input: { staff: here('./web/staff/index.html'), account: here('./web/customer/index.html') },
          output: {
            // React is the only named shared chunk. Do not widen this to all of node_modules: a catch-all vendor group
            // would pull staff-only packages into a chunk the lessee's account loads.
            codeSplitting: {
              groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
            },
          },
        },
      },
    },
    [SHOPPER_ENVIRONMENT]: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        rolldownOptions: {
          input: { shopper: here('./web/index.html') },
          output: { codeSplitting: { groups: [{ name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/ }] } },
        },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments[SHOPPER_ENVIRONMENT]!);
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
