import { useCallback } from 'react';
import type { FlowNotice } from '../../../machines/i18n/flows.ts';
import { flows } from '../../../machines/i18n/flows.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { fill, useI18n, type Params, type Translate } from '../../lib/i18n.tsx';

// This feature's texts (machines/i18n/flows.ts) are bundled with it, so its screens never flash keys while the
// catalogue of POST /system/translation is on its way; other keys (and server texts) go through the shell's translator.
export function useFlowT(): { t: Translate; lang: Lang; noticeText: (notice: FlowNotice) => string } {
  const { t: shellT, lang } = useI18n();
  const t = useCallback<Translate>(
    (key: string, params?: Params) => {
      const own = flows[lang][key] ?? flows.en[key];
      return own !== undefined ? fill(own, params) : shellT(key, params);
    },
    [lang, shellT],
  );
  const noticeText = useCallback((notice: FlowNotice) => t(notice.key, notice.params), [t]);
  return { t, lang, noticeText };
}
