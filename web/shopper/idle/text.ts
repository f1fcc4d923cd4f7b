import { useCallback } from 'react';
import { flows } from '../../../machines/i18n/flows.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { fill, useI18n, type Params, type Translate } from '../../lib/i18n.tsx';

// The idle warning's texts (the flows area) are bundled with it, so the dialog never shows keys; only this area, not
// the decision and calculator areas the result screens bundle: the warning's code loads at once off the store search,
// beside the application's first step (issue 24 point 4).
export function useIdleT(): { t: Translate; lang: Lang } {
  const { t: shellT, lang } = useI18n();
  const t = useCallback<Translate>(
    (key: string, params?: Params) => {
      const own = flows[lang][key] ?? flows.en[key];
      return own !== undefined ? fill(own, params) : shellT(key, params);
    },
    [lang, shellT],
  );
  return { t, lang };
}
