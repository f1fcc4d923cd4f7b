import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { clearSession } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { formatPhone, telHref } from '../../lib/format.ts';
import { useHostMessaging } from '../../lib/host-messaging.ts';
import { useT } from '../../lib/i18n.tsx';
import { LanguageSwitcher } from '../../lib/LanguageSwitcher.tsx';
import { SkipLink } from '../../lib/SkipLink.tsx';

/** Header (brand home link, language), main region, footer (brand phone); the host can end the session view. */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const { brand } = useBrand();
  const host = useHostMessaging();
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  // After a client-side navigation, move focus to the new screen so screen-reader users hear it; unless the shopper is
  // typing in a field the new screen has too (a store or checkout link's redirect to the application page keeps the
  // picture of its first step, and its focus: shell/picture-fields.ts).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active && main.current?.contains(active) && active.matches('input, select, textarea')) return;
    main.current?.focus();
  }, [location]);

  useEffect(() => {
    if (host.ended) clearSession();
  }, [host.ended]);

  const phone = formatPhone(brand.phone);
  return (
    <>
      <SkipLink target={main} />
      <header className="site-header" aria-label={t('shell.header')}>
        <div className="site-header__inner">
          <a
            href={brand.homeUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('shell.brandHome', { brand: brand.name })}
          >
            {brand.name}
          </a>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="site-main" ref={main} tabIndex={-1}>
        {host.ended ? <SessionEnded reason={host.ended} /> : children}
      </main>
      <footer className="site-footer" aria-label={t('shell.footer')}>
        <div className="site-footer__inner">
          <span>{brand.name}</span>
          <a href={telHref(brand.phone)}>{t('app.callUs', { phone })}</a>
        </div>
      </footer>
    </>
  );
}

function SessionEnded({ reason }: { reason: 'close' | 'cancelled' }) {
  const t = useT();
  return (
    <section aria-labelledby="session-ended-title">
      <h1 id="session-ended-title">{t('shell.session.closedTitle')}</h1>
      <p>{t(reason === 'close' ? 'shell.session.closedText' : 'shell.session.cancelledText')}</p>
    </section>
  );
}
