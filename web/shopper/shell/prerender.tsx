import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { BRAND_KEYS, type BrandKey } from '../../../machines/domain/brands.ts';
import { common } from '../../../machines/i18n/common.ts';
import { shell } from '../../../machines/i18n/shell.ts';
import { LANGS, type Lang } from '../../../machines/i18n/types.ts';
import { BrandProvider } from '../../lib/brand.tsx';
import { I18nProvider, useT } from '../../lib/i18n.tsx';
import { ToastProvider } from '../../lib/toasts.tsx';
import { RetailerSelect } from '../retailer-select/RetailerSelect.tsx';
import { ApplyFrame } from './ApplyFrame.tsx';
import { Layout } from './Layout.tsx';

// Run by the build (vite.config.ts, prerenderShopperShell) in Node: the shopper page's first screens as HTML, put
// into index.html's #root so that they paint before any JavaScript runs. One copy per route, language and brand;
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
                <ApplyFrame>
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

/** Gives a copy's ids (and the references to them) a suffix, so that no id repeats across the copies. */
export function suffixIds(html: string, suffix: string): string {
  return html
    .replace(/\s(id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]+)"/g, (_, name: string, ids: string) => ` ${name}="${ids.split(' ').map((id) => id + suffix).join(' ')}"`)
    .replace(/\shref="#([^"/][^"]*)"/g, (_, id: string) => ` href="#${id}${suffix}"`);
}

/**
 * Every copy, the no-JavaScript one first. Fields are read-only until the app replaces the copy (typing into it
 * would be lost); shell.css also keeps pointer events off a copy while the app is on its way.
 */
export function renderShells(): string {
  const copies: string[] = [];
  for (const route of SHELL_ROUTES)
    for (const lang of LANGS)
      for (const brand of BRAND_KEYS) {
        const rendered = renderToString(<Screen route={route} lang={lang} brand={brand} />).replace(/<input /g, '<input readonly="" ');
        const html = copies.length === 0 ? rendered : suffixIds(rendered, `--${route}-${lang}-${brand}`);
        // `#/apply` is the application page's address; without JavaScript, `:target` picks its copy (shell.css).
        const target = route === 'apply' && lang === 'en' && brand === 'default' ? ' id="/apply"' : '';
        copies.push(`<div data-prerender="${route} ${lang} ${brand}" lang="${lang}"${target}>${html}</div>`);
      }
  return copies.join('');
}
