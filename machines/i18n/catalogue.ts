import { loadMessageAreas } from '#i18n/areas';
import type { Lang } from './types.ts';

// The message catalogue: the areas listed in machines/i18n/areas.ts, joined. `#i18n/areas` is that file everywhere
// (package.json "imports") except in Lambda bundles, which are built with the condition `lambda` and get
// functions/platform/bundled-messages.ts instead: the same messages as messages.json beside the bundle, read on the
// first translation rather than parsed as code at every cold start.

let joined: Record<Lang, Record<string, string>> | undefined;
const all = () => {
  if (!joined) {
    const areas = loadMessageAreas();
    joined = { en: Object.assign({}, ...areas.map((a) => a.en)), es: Object.assign({}, ...areas.map((a) => a.es)) };
  }
  return joined;
};

/** Every message by language, joined on first use. */
export const catalogue: Record<Lang, Record<string, string>> = {
  get en() {
    return all().en;
  },
  get es() {
    return all().es;
  },
};

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'es';
}

/** Looks a key up and fills `{name}` placeholders; an unknown key is returned as given (server text passes through). */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  // Own properties only: user text such as 'hasOwnProperty' or '__proto__' passes through as itself.
  const own = (table: Record<string, string>) => (Object.hasOwn(table, key) ? table[key] : undefined);
  const template = own(catalogue[lang]) ?? own(catalogue.en) ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
