import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import type { CustomerMe } from '../../machines/contracts/customer-api.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { useI18n } from '../lib/i18n.tsx';
import { logout, me as fetchMe, setClientLang, setCsrfToken, setSessionEndedHandler } from './common/client.ts';
import { SessionContext, type CustomerSession } from './common/session.tsx';
import { readSessionHint, writeSessionHint } from './common/session-hint.ts';
import { Layout } from './Layout.tsx';
import { SignInScreen } from './sign-in/SignInScreen.tsx';

// The lessee's account: hash routes (#/sign-in, #/leases, #/leases/:id) behind a session read from
// GET /customer/api/me on load. Signed out, every route shows the sign-in; a 401 on any later call ends the session
// with a message saying so. A browser that was not signed in last time (common/session-hint.ts) shows the sign-in at
// once, as the prerendered picture did, while /me is asked ('unconfirmed'); a session /me finds then takes over at
// the address asked for.

type Status = 'loading' | 'unconfirmed' | 'signed-out' | 'signed-in';

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
  const [status, setStatus] = useState<Status>(() => (readSessionHint() ? 'loading' : 'unconfirmed'));
  const [me, setMe] = useState<CustomerMe | null>(null);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [location, navigate] = useLocation();
  // Set while rendering (idempotent), so that the screens' first calls, made in their effects before this
  // component's own, already ask for answers in the chosen language.
  setClientLang(lang);

  const signedIn = useCallback((who: CustomerMe) => {
    setCsrfToken(who.csrf_token);
    writeSessionHint(true);
    setMe(who);
    setNotice(undefined);
    setStatus('signed-in');
  }, []);

  useEffect(() => {
    setSessionEndedHandler(() => {
      setCsrfToken('');
      writeSessionHint(false);
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
        writeSessionHint(false);
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
              writeSessionHint(false);
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
      ) : status !== 'signed-in' || !session ? (
        // One element whatever the address, so that what was typed while /me answered stays when it moves.
        <>
          <SignInScreen
            notice={notice}
            onSignedIn={(who) => {
              signedIn(who);
              navigate('/leases');
            }}
          />
          {status === 'signed-out' && location !== '/sign-in' && <Redirect to="/sign-in" />}
        </>
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
