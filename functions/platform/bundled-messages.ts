import { readFileSync } from 'node:fs';
import type { loadMessageAreas as loadAreas } from '../../machines/i18n/areas.ts';
import type { MessageArea } from '../../machines/i18n/types.ts';

// `#i18n/areas` in a Lambda bundle (esbuild condition `lambda`, package.json "imports"): the message catalogue is
// messages.json beside index.mjs (written at synth time from machines/i18n/areas.ts, infra/constructs/side-assets.ts)
// and is read when the first message is translated, instead of being ~200 KB of object literals that every cold start
// parses whether or not a message is ever translated.

export const MESSAGES_FILE = 'messages.json';

/** The messages of a messages.json file, as one area. */
export function readMessages(file: URL): MessageArea[] {
  const { en, es } = JSON.parse(readFileSync(file, 'utf8')) as MessageArea;
  if (!en || !es) throw new Error(`${file.pathname}: not a message catalogue ({ en, es })`);
  return [{ en, es }];
}

export const loadMessageAreas: typeof loadAreas = () => readMessages(new URL(`./${MESSAGES_FILE}`, import.meta.url));
