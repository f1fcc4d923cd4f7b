import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { BRAND_KEYS, type BrandKey } from '../../machines/domain/brands.ts';
import { account } from '../../machines/i18n/account.ts';
import { common } from '../../machines/i18n/common.ts';
import { LANGS, type Lang } from '../../machines/i18n/types.ts';
import { BrandProvider } from '../lib/brand.tsx';
import { I18nProvider } from '../lib/i18n.tsx';
import { readonlyInputs, suffixIds } from '../lib/prerender-html.ts';
import { Layout } from './Layout.tsx';
import { SignInScreen } from './sign-in/SignInScreen.tsx';

// Run by the build (vite.config.ts, prerenderFirstScreens) in Node: the account page's sign-in, the first screen of
// a signed-out visit, as HTML in customer/index.html's #root, so that it paints before any JavaScript runs. One copy
// per language and brand; boot.ts marks <html> with the one that applies (none when this browser was signed in last
// time) and account.css shows it. The app replaces the copy on its first render with the same markup.

function SignInPicture({ lang, brand }: { lang: Lang; brand: BrandKey }) {
  return (
    <I18nProvider areas={[common, account]} initial={lang}>
      <BrandProvider initial={brand}>
        <Router hook={useHashLocation} ssrPath="/sign-in" ssrSearch="">
          <Layout session={null}>
            <SignInScreen onSignedIn={() => undefined} />
          </Layout>
        </Router>
      </BrandProvider>
    </I18nProvider>
  );
}

/** Every copy; ids get a suffix in all but the first so that none repeats. Fields are read-only in a picture. */
export function renderShells(): string {
  const copies: string[] = [];
  for (const lang of LANGS)
    for (const brand of BRAND_KEYS) {
      const rendered = readonlyInputs(renderToString(<SignInPicture lang={lang} brand={brand} />));
      const html = copies.length === 0 ? rendered : suffixIds(rendered, `--signin-${lang}-${brand}`);
      copies.push(`<div data-prerender="signin ${lang} ${brand}" lang="${lang}">${html}</div>`);
    }
  return copies.join('');
}
