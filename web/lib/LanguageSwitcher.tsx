import { LANGS } from '../../machines/i18n/types.ts';
import { useI18n } from './i18n.tsx';

/** English / Español toggle: two buttons in a labelled group; the pressed one is the current language. */
export function LanguageSwitcher() {
  const { lang, setLang, t } = useI18n();
  return (
    <div className="lang-switcher" role="group" aria-label={t('app.language')}>
      {LANGS.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="lang-switcher__button"
          aria-pressed={lang === code}
          onClick={() => setLang(code)}
        >
          {t(`app.language.${code}`)}
        </button>
      ))}
    </div>
  );
}
