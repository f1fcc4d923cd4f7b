import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import type { CustomerMe } from '../../machines/contracts/customer-api.ts';
import { useBrand } from '../lib/brand.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';
import { formatPhone, telHref } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LanguageSwitcher } from '../lib/LanguageSwitcher.tsx';
import { logout, me as fetchMe, setClientLang, setCsrfToken, setSessionEndedHandler } from './common/client.ts';
import { SessionContext, type CustomerSession } from './common/session.tsx';
import { SignInScreen } from './sign-in/SignInScreen.tsx';

// The lessee's account: hash routes (#/sign-in, #/leases, #/leases/:id) behind a session read from
// GET /customer/api/me on load. Signed out, every route shows the sign-in; a 401 on any later call ends the session
// with a message saying so.

type Status = 'loading' | 'signed-out' | 'signed-in';

// Loaded once signed in: the first visit (the sign-in) does not download the lease screens.
const LeasesScreen = lazy(async () => ({ default: (await import('./leases/LeasesScreen.tsx')).LeasesScreen }));
const LeaseScreen = lazy(async () => ({ default: (await import('./lease/LeaseScreen.tsx')).LeaseScreen }));

export function App() {
  return (
    <Router hook={useHashLocation}>
      <Account />
    </Router>
  );
}

function Account() {
  const { lang, t } = useI18n();
  const [status, setStatus] = useState<Status>('loading');
  const [me, setMe] = useState<CustomerMe | null>(null);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [location, navigate] = useLocation();
  // Set while rendering (idempotent), so that the screens' first calls, made in their effects before this
  // component's own, already ask for answers in the chosen language.
  setClientLang(lang);

  const signedIn = useCallback((who: CustomerMe) => {
    setCsrfToken(who.csrf_token);
    setMe(who);
    setNotice(undefined);
    setStatus('signed-in');
  }, []);

  useEffect(() => {
    setSessionEndedHandler(() => {
      setCsrfToken('');
      setMe(null);
      setNotice('account.sessionEnded');
      setStatus('signed-out');
    });
    let live = true;
    void fetchMe().then(
      (who) => {
        if (live) signedIn(who);
      },
      () => {
        if (live) setStatus('signed-out');
      },
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const session = useMemo<CustomerSession | null>(
    () =>
      me && {
        me,
        signOut: () => {
          void logout()
            .catch(() => undefined)
            .finally(() => {
              setCsrfToken('');
              setMe(null);
              setNotice(undefined);
              setStatus('signed-out');
              navigate('/sign-in');
            });
        },
      },
    [me, navigate],
  );

  useDocumentTitle(
    status === 'signed-in' && location.startsWith('/leases') ? t('account.leases.title') : t('account.signin.title'),
    t('account.title'),
  );

  return (
    <Layout session={session}>
      {status === 'loading' ? (
        <p role="status">{t('account.loading')}</p>
      ) : status === 'signed-out' || !session ? (
        location === '/sign-in' ? (
          <SignInScreen
            notice={notice}
            onSignedIn={(who) => {
              signedIn(who);
              navigate('/leases');
            }}
          />
        ) : (
          <Redirect to="/sign-in" />
        )
      ) : (
        <SessionContext.Provider value={session}>
          <Suspense fallback={<p role="status">{t('account.loading')}</p>}>
            <Switch>
              <Route path="/leases">{() => <LeasesScreen />}</Route>
              <Route path="/leases/:id">{(params) => <LeaseScreen key={params.id} id={params.id} />}</Route>
              <Route>
                <Redirect to="/leases" />
              </Route>
            </Switch>
          </Suspense>
        </SessionContext.Provider>
      )}
    </Layout>
  );
}

function Layout({ session, children }: { session: CustomerSession | null; children: ReactNode }) {
  const { t } = useI18n();
  const { brand } = useBrand();
  const main = useRef<HTMLElement>(null);
  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          main.current?.focus();
        }}
      >
        {t('app.skipToContent')}
      </a>
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
