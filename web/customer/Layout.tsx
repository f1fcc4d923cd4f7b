import { useRef, type ReactNode } from 'react';
import { useBrand } from '../lib/brand.tsx';
import { formatPhone, telHref } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LanguageSwitcher } from '../lib/LanguageSwitcher.tsx';
import type { CustomerSession } from './common/session.tsx';
import { SkipLink } from '../lib/SkipLink.tsx';

// The account's page frame: skip link, header (brand, language, sign out), main and footer. The app and the build's
// prerendered sign-in (prerender.tsx) both use it, so the picture and the page are the same markup.

export function Layout({ session, children }: { session: CustomerSession | null; children: ReactNode }) {
  const { t } = useI18n();
  const { brand } = useBrand();
  const main = useRef<HTMLElement>(null);
  return (
    <>
      <SkipLink target={main} />
      <header className="site-header" aria-label={t('account.header')}>
        <div className="site-header__inner">
          <span className="site-header__brand">{brand.name}</span>
          <div className="site-header__tools">
            <LanguageSwitcher />
            {session && (
              <button type="button" className="button button--secondary button--small" onClick={session.signOut}>
                {t('account.signOut')}
              </button>
            )}
          </div>
        </div>
      </header>
      <main id="main" className="site-main" ref={main} tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer" aria-label={t('account.footer')}>
        <div className="site-footer__inner">
          <span>{brand.name}</span>
          <a href={telHref(brand.phone)}>{t('app.callUs', { phone: formatPhone(brand.phone) })}</a>
        </div>
      </footer>
    </>
  );
}
