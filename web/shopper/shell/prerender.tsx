import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { DEFAULT_LEASE_PROGRAM, type StoreView } from '../../../machines/contracts/store.ts';
import { DEFAULT_STORE_FLAGS } from '../../../machines/domain/application-schema.ts';
import { BRAND_KEYS, type BrandKey } from '../../../machines/domain/brands.ts';
import { common } from '../../../machines/i18n/common.ts';
import { shell } from '../../../machines/i18n/shell.ts';
import { LANGS, type Lang } from '../../../machines/i18n/types.ts';
import { BrandProvider } from '../../lib/brand.tsx';
import { I18nProvider, useT } from '../../lib/i18n.tsx';
import { ToastProvider } from '../../lib/toasts.tsx';
import { createSaver } from '../application/client.ts';
import { lenderToday } from '../application/store-flags.ts';
import { Wizard } from '../application/Wizard.tsx';
import { RetailerSelect } from '../retailer-select/RetailerSelect.tsx';
import { ApplyFrame } from './ApplyFrame.tsx';
import { Layout } from './Layout.tsx';
import { disabledLists, suffixIds, withoutClosedDialogs, withoutUnchosenOptions } from '../../lib/prerender-html.ts';

// Run by the build (vite.config.ts, prerenderShopperShell) in Node: the shopper page's first screens as HTML, put
// into index.html's #root so that they paint before any JavaScript runs: the store search, and the application
// page's header over its form's first step (the wizard's empty applicant step, for a store whose form opens on it,
// first-step.ts) or over the form's frame. One copy per route, language and brand;
// boot.ts (a tiny classic script in <head>) marks <html> with the ones that apply and shell.css shows that copy.
// Without JavaScript, the English default-brand copy shows (the application page's when the address is #/apply).
// The app replaces the copies on its first render with the same markup (createRoot clears #root).

export type ShellRoute = 'select' | 'apply';
export const SHELL_ROUTES: readonly ShellRoute[] = ['select', 'apply'];

function NoScript() {
  const t = useT();
  return (
    <noscript>
      <p className="notice">{t('shell.noScript')}</p>
    </noscript>
  );
}

/**
 * The wizard's first step for a store with the default steps (first-step.ts), empty: the real form component, so the
 * picture is the form the app then renders (same markup, same size) for a new application.
 */
function ApplicantStep({ brand }: { brand: BrandKey }) {
  const store = { brand, lease_program: DEFAULT_LEASE_PROGRAM } as StoreView;
  return (
    <Wizard
      store={store}
      input={{ store: DEFAULT_STORE_FLAGS, today: lenderToday() }}
      saver={createSaver(() => undefined)}
    />
  );
}

function Screen({ route, lang, brand }: { route: ShellRoute; lang: Lang; brand: BrandKey }): ReactNode {
  return (
    <I18nProvider areas={[common, shell]} initial={lang}>
      <BrandProvider initial={brand}>
        <ToastProvider>
          <Router hook={useHashLocation} ssrPath={route === 'select' ? '/' : '/apply'} ssrSearch="">
            <Layout>
              {route === 'select' ? (
                <>
                  <RetailerSelect />
                  <NoScript />
                </>
              ) : (
                <ApplyFrame step={<ApplicantStep brand={brand} />}>
                  <NoScript />
                </ApplyFrame>
              )}
            </Layout>
          </Router>
        </ToastProvider>
      </BrandProvider>
    </I18nProvider>
  );
}

/**
 * Every copy, the no-JavaScript one first. The store search's box and the application step's text fields take typing
 * before the app runs: the app takes over what was typed (main.tsx, web/lib/prerender-input.ts,
 * shell/picture-fields.ts), and boot.ts keeps their forms from being sent. Without JavaScript the step is not shown
 * (shell.css), so nothing typed there can be sent either. The step's lists wait for the app (their options are not in
 * the copy); shell.css keeps pointer events off the rest of a copy while the app is on its way.
 */
export function renderShells(): string {
  const copies: string[] = [];
  for (const route of SHELL_ROUTES)
    for (const lang of LANGS)
      for (const brand of BRAND_KEYS) {
        const markup = renderToString(<Screen route={route} lang={lang} brand={brand} />);
        const rendered = withoutClosedDialogs(
          withoutUnchosenOptions(route === 'apply' ? disabledLists(markup) : markup),
        );
        const html = copies.length === 0 ? rendered : suffixIds(rendered, `--${route}-${lang}-${brand}`);
        // `#/apply` is the application page's address; without JavaScript, `:target` picks its copy (shell.css).
        const target = route === 'apply' && lang === 'en' && brand === 'default' ? ' id="/apply"' : '';
        copies.push(`<div data-prerender="${route} ${lang} ${brand}" lang="${lang}"${target}>${html}</div>`);
      }
  return copies.join('');
}
