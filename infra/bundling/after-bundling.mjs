// NodejsFunction afterBundling hook (infra/constructs/node-function.ts), run in the function's asset directory once
// esbuild has written index.mjs and its metafile:
//   node after-bundling.mjs <side-assets staging dir> <asset output dir>
// 1. Summarises the metafile into bundle-stats.json (bytes of index.mjs per package, `app` for our own code) for the
//    budgets (infra/bundles.ts), and removes the metafile so that it is not deployed.
// 2. Copies from the staging directory (infra/constructs/side-assets.ts) the side assets index.mjs refers to:
//    node_modules/<name>/ for each lazy package it imports (`import("pdf-lib")`), and messages.json when it reads the
//    message catalogue (functions/platform/bundled-messages.ts).
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [staging, out] = process.argv.slice(2);
if (!staging || !out) throw new Error('usage: after-bundling.mjs <staging dir> <output dir>');

const metafile = join(out, 'index.meta.json');
if (existsSync(metafile)) {
  const meta = JSON.parse(readFileSync(metafile, 'utf8'));
  const [output] = Object.values(meta.outputs).filter((o) => o.entryPoint);
  const packages = {};
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    const name = match ? match[1] : 'app';
    packages[name] = (packages[name] ?? 0) + bytesInOutput;
  }
  const sorted = Object.fromEntries(Object.entries(packages).sort((a, b) => b[1] - a[1]));
  writeFileSync(join(out, 'bundle-stats.json'), JSON.stringify({ bytes: output.bytes, packages: sorted }));
  rmSync(metafile);
}

const manifest = JSON.parse(readFileSync(join(staging, 'side-assets.json'), 'utf8'));
const code = readFileSync(join(out, 'index.mjs'), 'utf8');
const quoted = (name) => `["']${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}["']`;
for (const name of manifest.packages) {
  if (new RegExp(`(?:\\bimport\\s*\\(\\s*|\\bfrom\\s*)${quoted(name)}`).test(code)) {
    cpSync(join(staging, 'node_modules', name), join(out, 'node_modules', name), { recursive: true });
  }
}
if (code.includes(manifest.messages)) cpSync(join(staging, manifest.messages), join(out, manifest.messages));
