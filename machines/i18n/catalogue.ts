import { application } from './application.ts';
import { common } from './common.ts';
import { toolkit } from './toolkit.ts';
import { flows } from './flows.ts';
import { shell } from './shell.ts';
import { checkout } from './checkout.ts';
import { decision } from './decision.ts';
import { calculator } from './calculator.ts';
import { staff } from './staff.ts';
import { leases } from './leases.ts';
import { staffLeasesUi } from './staff-leases-ui.ts';
import type { Lang, MessageArea } from './types.ts';

// Each feature area keeps its messages in its own file; this is the one place that joins them.
const areas: MessageArea[] = [common, toolkit, flows, shell, checkout, application, decision, calculator, staff, leases, staffLeasesUi];

export const catalogue: Record<Lang, Record<string, string>> = {
  en: Object.assign({}, ...areas.map((a) => a.en)),
  es: Object.assign({}, ...areas.map((a) => a.es)),
};

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'es';
}

/** Looks a key up and fills `{name}` placeholders; an unknown key is returned as given (server text passes through). */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  // Own properties only: user text such as 'hasOwnProperty' or '__proto__' passes through as itself.
  const own = (table: Record<string, string>) => (Object.hasOwn(table, key) ? table[key] : undefined);
  const template = own(catalogue[lang]) ?? own(catalogue.en) ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
