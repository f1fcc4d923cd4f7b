// NodejsFunction afterBundling hook (infra/constructs/node-function.ts): copies into a function's asset the side
// assets its index.mjs refers to, from the staging directory of infra/constructs/side-assets.ts:
//   node copy-side-assets.mjs <staging dir> <asset output dir>
// - node_modules/<name>/ for each lazy package the bundle imports (`import("pdf-lib")`);
// - messages.json when the bundle reads the message catalogue (functions/platform/bundled-messages.ts).
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [staging, out] = process.argv.slice(2);
if (!staging || !out) throw new Error('usage: copy-side-assets.mjs <staging dir> <output dir>');
const manifest = JSON.parse(readFileSync(join(staging, 'side-assets.json'), 'utf8'));
const code = readFileSync(join(out, 'index.mjs'), 'utf8');
const quoted = (name) => `["']${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}["']`;

for (const name of manifest.packages) {
  if (new RegExp(`(?:\\bimport\\s*\\(\\s*|\\bfrom\\s*)${quoted(name)}`).test(code)) {
    cpSync(join(staging, 'node_modules', name), join(out, 'node_modules', name), { recursive: true });
  }
}
if (code.includes(manifest.messages)) cpSync(join(staging, manifest.messages), join(out, manifest.messages));
