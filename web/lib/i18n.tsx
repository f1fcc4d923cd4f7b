import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Lang, MessageArea } from '../../machines/i18n/types.ts';
import { localStore } from './safe-storage.ts';

// Language state for both SPAs. The areas an entry needs for its first paint (common + shell) are bundled in
// both languages; the full catalogue of the chosen language is fetched from POST /system/translation and merged
// over them, so the shopper bundle does not grow with every feature area's messages (see the shopper main.tsx).

export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;
export type Messages = Record<string, string>;
export type RemoteLoader = (lang: Lang) => Promise<Messages>;

export const LANG_STORAGE_KEY = 'lto.lang';

export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'es';

/** Fills `{name}` placeholders; unknown placeholders are kept as written. */
export function fill(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function readStored(): Lang | null {
  const stored = localStore().getItem(LANG_STORAGE_KEY);
  return isLang(stored) ? stored : null;
}

// storage blocked (private mode, third-party iframe): the choice lasts for this page load only
const store = (lang: Lang): void => localStore().setItem(LANG_STORAGE_KEY, lang);

/** `?lang=` wins (a retailer link or the host chose it), then the shopper's last choice, then English. */
export function initialLang(search: string = typeof location === 'undefined' ? '' : location.search): Lang {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLang(fromQuery)) return fromQuery;
  return readStored() ?? 'en';
}

interface I18nValue {
  lang: Lang;
  setLang: (lang: Lang) => void;
  t: Translate;
}

const I18nContext = createContext<I18nValue | null>(null);

function merge(areas: readonly MessageArea[], lang: Lang): Messages {
  return Object.assign({}, ...areas.map((a) => a[lang]));
}

export function I18nProvider({
  areas,
  loadRemote,
  initial,
  children,
}: {
  areas: readonly MessageArea[];
  loadRemote?: RemoteLoader;
  /** The language to start in instead of the address's or the stored one (the build's prerendered screens). */
  initial?: Lang;
  children: ReactNode;
}) {
  const [lang, setLangState] = useState<Lang>(() => initial ?? initialLang());
  const [remote, setRemote] = useState<Partial<Record<Lang, Messages>>>({});
  const bundled = useMemo(() => ({ en: merge(areas, 'en'), es: merge(areas, 'es') }), [areas]);

  useEffect(() => {
    document.documentElement.lang = lang;
    store(lang);
  }, [lang]);

  useEffect(() => {
    if (!loadRemote || remote[lang]) return;
    let live = true;
    loadRemote(lang).then(
      (messages) => {
        if (live) setRemote((prev) => ({ ...prev, [lang]: messages }));
      },
      () => {
        // the bundled messages keep the shell usable; feature texts fall back to English or their key
      },
    );
    return () => {
      live = false;
    };
  }, [lang, loadRemote, remote]);

  const setLang = useCallback((next: Lang) => {
    setLangState(next);
    // keep an explicit ?lang= in the address in step with the switcher, so a reload shows the same language
    const url = new URL(location.href);
    if (url.searchParams.has('lang') && url.searchParams.get('lang') !== next) {
      url.searchParams.set('lang', next);
      history.replaceState(history.state, '', url.href);
    }
  }, []);

  const value = useMemo<I18nValue>(() => {
    const messages = { ...bundled[lang], ...remote[lang] };
    const fallback = { ...bundled.en, ...remote.en };
    const t: Translate = (key, params) => fill(messages[key] ?? fallback[key] ?? key, params);
    return { lang, setLang, t };
  }, [bundled, remote, lang, setLang]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an <I18nProvider> above it');
  return value;
}

export const useT = (): Translate => useI18n().t;

/**
 * A translator for a lazily loaded feature that bundles its own area's texts (`own`, both languages), so its screens
 * never flash keys while POST /system/translation is on its way; other keys go through the shell's translator.
 */
export function useBundledT(own: MessageArea): { t: Translate; lang: Lang } {
  const { t: shellT, lang } = useI18n();
  const t = useCallback<Translate>(
    (key: string, params?: Params) => {
      const text = own[lang][key] ?? own.en[key];
      return text !== undefined ? fill(text, params) : shellT(key, params);
    },
    [own, lang, shellT],
  );
  return { t, lang };
}
