// A classic script in index.html's <head> (the build compiles it on its own; vite.config.ts): before the first paint
// it marks <html> with the language, the brand and which prerendered first screen applies, the same choices the app
// makes when it starts (web/lib/i18n.tsx initialLang, web/lib/brand.tsx, web/lib/apply-session.ts, App.tsx's
// routes), so that shell.css shows the matching copy and nothing changes when the app replaces it.
// It must not throw (storage can be blocked in a retailer's iframe) and must stay tiny: it delays the first paint.
// The build bundles its one import (first-step.ts, a few lines shared with the app) into it.
import { DEFAULT_FORM_STORE, isPlainCheckoutLink, opensOnApplicantStep, shellAddress } from './first-step.ts';

(() => {
  const html = document.documentElement;
  const read = (storage: () => Storage, key: string): string | null => {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  };
  const address = shellAddress(location.hash, location.search);
  const { path, query } = address;

  let brand: string | null = null;
  let applicantStep = false;
  const current = read(() => sessionStorage, 'lto.apply.current');
  if (current) {
    try {
      const saved = JSON.parse(read(() => sessionStorage, `lto.apply.token:${current}`) ?? 'null') as {
        token?: string;
        expiresAt?: string | number | null;
        storeData?: { brand?: string } & Parameters<typeof opensOnApplicantStep>[0];
      } | null;
      const expires = saved?.expiresAt;
      const expiresMs =
        typeof expires === 'number' ? (expires < 1e12 ? expires * 1000 : expires) : expires ? Date.parse(expires) : NaN;
      if (saved?.token && saved.storeData && !(expiresMs <= Date.now())) {
        brand = saved.storeData.brand ?? 'default';
        applicantStep = opensOnApplicantStep(saved.storeData);
      }
    } catch {
      // unreadable: as without a session
    }
  }
  const inSession = brand !== null;
  brand ??= query.get('brand');

  const lang = query.get('lang') ?? read(() => localStorage, 'lto.lang');
  if (lang === 'en' || lang === 'es') html.lang = lang;
  html.dataset.brand = brand === 'second' ? 'second' : 'default';
  // A store link starts a session and opens the application page: its copy shows while the session starts, over the
  // first step the default form opens on (store/Initiate.tsx shows the same until the store is known).
  // A retailer's checkout link nearly always opens the application too (first-step.ts).
  const storeLink = /^[^/]+\/[^/]+\/initiate\/?$/.test(path) || isPlainCheckoutLink(address);
  if (storeLink) applicantStep = opensOnApplicantStep(DEFAULT_FORM_STORE);
  // `/` with a session goes straight to /apply; /apply without one goes back to the store search
  html.dataset.shell = storeLink
    ? 'apply'
    : path === '' || path === 'apply'
      ? inSession
        ? 'apply'
        : 'select'
      : 'none';
  // the application page's copy shows the form's first step (else its frame) when the store's form opens on it
  if (html.dataset.shell === 'apply' && applicantStep) html.dataset.applyStep = 'applicant';
  else delete html.dataset.applyStep;
  // The store search's box and the application step's fields in the copy take typing before the app runs: Enter
  // there must not send their form (a page load that would lose the text). The app's own forms prevent it themselves.
  document.addEventListener(
    'submit',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('[data-prerender]')) return;
      event.preventDefault();
      // Enter in the application step's picture: the form goes on once the app has it (shell/picture-fields.ts)
      if (event.target.closest('.step-picture')) html.setAttribute('data-picture-continue', '');
    },
    true,
  );
  // typing after it: the shopper is not done, the press is not carried out
  document.addEventListener('input', () => html.removeAttribute('data-picture-continue'), true);
})();
