// A classic script in the account page's <head> (the build compiles it on its own; vite.config.ts): before the first
// paint it marks <html> with the language, the brand and whether the prerendered sign-in applies, the same choices
// main.tsx and App.tsx make when they start (web/lib/i18n.tsx initialLang, web/lib/brand.tsx brandFromQuery, the
// session hint), so that account.css shows the matching copy. It must not throw and must stay tiny.
import { SESSION_HINT_KEY } from './common/session-hint.ts';

(() => {
  const html = document.documentElement;
  const read = (key: string): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const query = new URLSearchParams(location.search);
  const lang = query.get('lang') ?? read('lto.lang');
  if (lang === 'en' || lang === 'es') html.lang = lang;
  html.dataset.brand = query.get('brand') === 'second' ? 'second' : 'default';
  html.dataset.shell = read(SESSION_HINT_KEY) === '1' ? 'none' : 'signin';
})();
