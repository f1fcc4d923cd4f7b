// The staff portal: hash routing (wouter), the session (GET /staff/api/auth/me on load), the sign-in and password
// screens while signed out, and the shell with the named routes while signed in.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isSignupPath, SignUpScreen } from '../features/signup/SignUpScreen.tsx';
import { matchRoute, Router, useLocation, useRouter } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import type { StaffMe } from '../../../machines/contracts/staff.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { LanguageSwitcher } from '../../lib/LanguageSwitcher.tsx';
import { sessionStore } from '../../lib/safe-storage.ts';
import { readCookie, CSRF_COOKIE } from '../../toolkit/api/caller.ts';
import { DialogsProvider } from '../../toolkit/dialogs/DialogsProvider.tsx';
import { ToolkitI18nProvider } from '../../toolkit/i18n.ts';
import { ForgotPassword, ResetPassword, SignIn, type Flash } from '../features/auth/AuthScreens.tsx';
import { SessionContext, type StaffSession } from '../common/session.tsx';
import { createStaffCaller } from '../common/staff-caller.ts';
import { ForbiddenPage, NotFoundPage } from './pages.tsx';
import { ROUTES, type Params } from './routes.tsx';
import { EXPIRED_FLAG, SessionTimeout } from './SessionTimeout.tsx';
import { Shell } from './Shell.tsx';

type Status = 'loading' | 'signed-out' | 'signed-in';

export function App() {
  const { lang } = useI18n();
  return (
    <ToolkitI18nProvider lang={lang}>
      <DialogsProvider>
        <Router hook={useHashLocation}>
          <Portal />
        </Router>
      </DialogsProvider>
    </ToolkitI18nProvider>
  );
}

function Portal() {
  const { lang, t } = useI18n();
  const [location, navigate] = useLocation();
  const { parser } = useRouter();
  const [status, setStatus] = useState<Status>('loading');
  const [me, setMe] = useState<StaffMe | null>(null);
  const [flash, setFlash] = useState<Flash | undefined>(undefined);
  const [forbidden, setForbidden] = useState(false);
  const activity = useRef(Date.now());
  const signedIn = useRef(false);
  const langRef = useRef(lang);
  langRef.current = lang;

  const endSession = useCallback((next: Flash) => {
    signedIn.current = false;
    setMe(null);
    setStatus('signed-out');
    setFlash(next);
  }, []);

  // A new caller per language: lists and forms reload, and the server answers in that language (X-Lang).
  const caller = useMemo(
    () =>
      createStaffCaller({
        lang: () => langRef.current,
        onUnauthorized: () => {
          if (signedIn.current) endSession({ key: 'staff.auth.sessionInvalid', tone: 'error' });
        },
        onForbidden: () => setForbidden(true),
        onActivity: () => {
          activity.current = Date.now();
        },
      }),
    [lang, endSession],
  );

  useEffect(() => {
    let live = true;
    const expired = sessionStore().getItem(EXPIRED_FLAG) === '1';
    sessionStore().removeItem(EXPIRED_FLAG);
    void caller.get<StaffMe>('/staff/api/auth/me').then((result) => {
      if (!live) return;
      if (result.status && result.data) {
        signedIn.current = true;
        setMe(result.data);
        setStatus('signed-in');
      } else {
        setStatus('signed-out');
        // A session that ended while away (or timed out here) is said so; a first visit is not.
        if (expired || (result.code === 401 && readCookie(CSRF_COOKIE)))
          setFlash({ key: 'staff.auth.sessionInvalid', tone: 'error' });
      }
    });
    return () => {
      live = false;
    };
    // only on load
  }, []);

  useEffect(() => setForbidden(false), [location]);

  const signIn = useCallback(
    (next: StaffMe) => {
      signedIn.current = true;
      activity.current = Date.now();
      setMe(next);
      setFlash(undefined);
      setStatus('signed-in');
      if (location === '/login' || location.startsWith('/password/')) navigate('/');
    },
    [location, navigate],
  );

  const session = useMemo<StaffSession | null>(
    () =>
      me && {
        me,
        caller,
        can: (permission: string) => me.permissions.includes(permission),
        setMe,
        lastActivity: () => activity.current,
        signOut: async () => {
          const result = await caller.post('/staff/api/auth/logout');
          endSession(
            result.status || result.code === 401
              ? { key: 'staff.auth.loggedOut', tone: 'info' }
              : { key: 'error.unknown', tone: 'error' },
          );
          navigate('/login');
        },
      },
    [me, caller, endSession, navigate],
  );

  if (status === 'loading') {
    return (
      <p className="staff-loading" role="status">
        {t('app.loading')}
      </p>
    );
  }

  // The public sign-up (features/signup) needs no session, and shows the same with or without one.
  if (isSignupPath(location))
    return (
      <SignedOutFrame>
        <SignUpScreen caller={caller} location={location} />
      </SignedOutFrame>
    );

  if (!session) {
    const screen =
      location === '/password/forgot' ? (
        <ForgotPassword caller={caller} />
      ) : location === '/password/reset' ? (
        <ResetPassword
          caller={caller}
          onDone={(next) => {
            setFlash(next);
            navigate('/login');
          }}
        />
      ) : (
        <SignIn caller={caller} flash={flash} onSignedIn={signIn} />
      );
    return <SignedOutFrame>{screen}</SignedOutFrame>;
  }

  let matched: { route: (typeof ROUTES)[number]; params: Params } | undefined;
  for (const route of ROUTES) {
    const [ok, params] = matchRoute(parser, route.path, location);
    if (ok) {
      matched = { route, params: params ?? {} };
      break;
    }
  }
  if (location === '/login' && !matched) matched = { route: ROUTES[0]!, params: {} };

  const allowed = matched && (!matched.route.permission || session.can(matched.route.permission));
  return (
    <SessionContext.Provider value={session}>
      <Shell route={matched?.route} params={matched?.params ?? {}}>
        {!matched ? <NotFoundPage /> : !allowed || forbidden ? <ForbiddenPage /> : matched.route.render(matched.params)}
      </Shell>
      <SessionTimeout />
    </SessionContext.Provider>
  );
}

function SignedOutFrame({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="staff-app staff-app--public">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('app.skipToContent')}
      </a>
      <header className="staff-header">
        <div className="staff-header__inner">
          <span className="staff-header__brand">{t('shell.staff.title')}</span>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="staff-main staff-main--public">
        {children}
      </main>
    </div>
  );
}
