import { useCallback } from 'react';
import { flows, type FlowNotice } from '../../machines/i18n/flows.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { useBundledT, type Translate } from './i18n.tsx';

// The texts of the shopper's verification flows (bank link, identity check, payroll: machines/i18n/flows.ts) are
// bundled with their lazily loaded screens; other keys (and server texts) go through the shell's translator.
export function useFlowT(): { t: Translate; lang: Lang; noticeText: (notice: FlowNotice) => string } {
  const { t, lang } = useBundledT(flows);
  const noticeText = useCallback((notice: FlowNotice) => t(notice.key, notice.params), [t]);
  return { t, lang, noticeText };
}
