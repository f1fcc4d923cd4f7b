import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { catalogue } from '../../machines/i18n/catalogue.ts';
import { MESSAGES_FILE } from '../../functions/platform/bundled-messages.ts';

/**
 * Heavy packages the server imports only on first use (`await import('pdf-lib')`). Lambda bundles leave them out
 * (esbuild external) and ship each one beside index.mjs as node_modules/<name>/index.mjs, a single minified ESM file,
 * only in the functions whose bundle imports it. Import them dynamically: a static import would load them at every
 * cold start (tests/infra/platform-stack.test.ts fails on one).
 *  - pdf-lib: the contract PDF (its standard fonts are embedded in the package, about 400 KB minified);
 *  - zipcodes: the ZIP dataset of the sandbox address and retail-partner vendors (about 4.5 MB minified);
 *  - exceljs: xlsx reports and mass imports (about 1 MB minified with its zip libraries);
 *  - @aws-sdk/client-s3: uploaded files (blobs/s3.ts), with its own copy of the SDK core (the table's client is in
 *    index.mjs): used rarely, so a second SDK core on first use beats 200 KB more in every cold start of its groups.
 * `esm` packages are re-exported as they are, `cjs` ones as their default export (what Node's import() gives).
 */
export const LAZY_PACKAGES: Readonly<Record<string, 'esm' | 'cjs'>> = {
  'pdf-lib': 'esm',
  zipcodes: 'cjs',
  exceljs: 'cjs',
  '@aws-sdk/client-s3': 'esm',
};

/** The index of a staging directory: which packages it holds. */
export const SIDE_ASSETS_MANIFEST = 'side-assets.json';

const BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

const versionOf = (projectRoot: string, name: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(projectRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

const staged = new Map<string, string>();

/**
 * Builds (once per content, cached under the OS temp directory) the side assets functions may need: each lazy
 * package as one ESM file, and messages.json, the message catalogue that Lambda bundles read on the first translation
 * (functions/platform/bundled-messages.ts). Returns the staging directory; infra/bundling/after-bundling.mjs copies
 * from it what each bundle refers to.
 */
export function stageSideAssets(projectRoot: string): string {
  const cached = staged.get(projectRoot);
  if (cached) return cached;
  const messages = JSON.stringify({ en: catalogue.en, es: catalogue.es });
  const packages = Object.entries(LAZY_PACKAGES).map(([name, kind]) => ({
    name,
    kind,
    version: versionOf(projectRoot, name),
  }));
  const lockfile = path.join(projectRoot, 'package-lock.json');
  const hash = createHash('sha256')
    .update(JSON.stringify({ packages, esbuild: versionOf(projectRoot, 'esbuild'), banner: BANNER }))
    // Their dependencies' versions too.
    .update(fs.existsSync(lockfile) ? fs.readFileSync(lockfile) : '')
    .update(messages)
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(os.tmpdir(), 'lease-to-own-side-assets', hash);
  if (!fs.existsSync(path.join(dir, SIDE_ASSETS_MANIFEST))) {
    const work = `${dir}.${process.pid}.tmp`;
    fs.rmSync(work, { recursive: true, force: true });
    for (const { name, kind, version } of packages) {
      const out = path.join(work, 'node_modules', name);
      buildSync({
        stdin: {
          contents: kind === 'esm' ? `export * from '${name}';` : `import m from '${name}'; export default m;`,
          resolveDir: projectRoot,
          loader: 'js',
        },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        mainFields: ['module', 'main'],
        minify: true,
        banner: { js: BANNER },
        outfile: path.join(out, 'index.mjs'),
        logLevel: 'warning',
      });
      fs.writeFileSync(
        path.join(out, 'package.json'),
        JSON.stringify({ name, version, type: 'module', exports: './index.mjs' }),
      );
    }
    fs.writeFileSync(path.join(work, MESSAGES_FILE), messages);
    fs.writeFileSync(
      path.join(work, SIDE_ASSETS_MANIFEST),
      JSON.stringify({ packages: packages.map((p) => p.name), messages: MESSAGES_FILE }),
    );
    // A directory left half-written by an interrupted synth is replaced.
    if (fs.existsSync(dir) && !fs.existsSync(path.join(dir, SIDE_ASSETS_MANIFEST)))
      fs.rmSync(dir, { recursive: true, force: true });
    try {
      fs.renameSync(work, dir);
    } catch (error) {
      // Another synth staged the same content meanwhile: keep its copy.
      fs.rmSync(work, { recursive: true, force: true });
      if (!fs.existsSync(path.join(dir, SIDE_ASSETS_MANIFEST))) throw error;
    }
  }
  staged.set(projectRoot, dir);
  return dir;
}
