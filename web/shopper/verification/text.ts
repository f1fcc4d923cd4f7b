import { useCallback } from 'react';
import { calculator } from '../../../machines/i18n/calculator.ts';
import { decision } from '../../../machines/i18n/decision.ts';
import { flows } from '../../../machines/i18n/flows.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { fill, useI18n, type Params, type Translate } from '../../lib/i18n.tsx';

// The texts of the verification, welcome, result, calculator and checkpoint screens are bundled with these lazily
// loaded screens (flows, decision and calculator areas), so they never flash keys while POST /system/translation
// is on its way; other keys go through the shell's translator.

const OWN: Record<Lang, Record<string, string>> = {
  en: { ...flows.en, ...decision.en, ...calculator.en },
  es: { ...flows.es, ...decision.es, ...calculator.es },
};

export function useDecisionT(): { t: Translate; lang: Lang } {
  const { t: shellT, lang } = useI18n();
  const t = useCallback<Translate>(
    (key: string, params?: Params) => {
      const own = OWN[lang][key] ?? OWN.en[key];
      return own !== undefined ? fill(own, params) : shellT(key, params);
    },
    [lang, shellT],
  );
  return { t, lang };
}
