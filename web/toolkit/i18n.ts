// The toolkit's texts: a tiny language context and a `t(key, params)` hook over the shared catalogue
// (messages in machines/i18n/toolkit.ts, English and Spanish).
import { createContext, createElement, useCallback, useContext, type ReactNode } from 'react';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

const LangContext = createContext<Lang>('en');

export function ToolkitI18nProvider({ lang, children }: { lang: Lang; children?: ReactNode }) {
  return createElement(LangContext.Provider, { value: lang }, children);
}

export function useToolkitLang(): Lang {
  return useContext(LangContext);
}

/** `t('toolkit.list.showing', { from: 1, to: 25, total: 40 })`; unknown keys (server texts) pass through unchanged. */
export function useToolkitT(): Translate {
  const lang = useContext(LangContext);
  return useCallback((key, params) => translate(lang, key, params ?? {}), [lang]);
}

/** The same outside React (the caller, pure helpers). */
export function toolkitText(lang: Lang, key: string, params?: Record<string, string | number>): string {
  return translate(lang, key, params ?? {});
}
