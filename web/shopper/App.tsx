import { lazy, Suspense, useEffect } from 'react';
import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { readEarly } from '../lib/api.ts';
import { getSession } from '../lib/apply-session.ts';
import { ErrorPage, NotFoundPage, UnknownErrorPage } from './errors/ErrorPages.tsx';
import { IdleWatch } from './idle/IdleWatch.tsx';
import { RetailerSelect } from './retailer-select/RetailerSelect.tsx';
import { ApplyFrame } from './shell/ApplyFrame.tsx';
import { Layout } from './shell/Layout.tsx';
import { DEFAULT_FORM_STORE, isPlainCheckoutLink, shellAddress } from './shell/first-step.ts';
import { Initiate } from './store/Initiate.tsx';
import { useT } from '../lib/i18n.tsx';

// Every route of seed 000 section 2 (hash routing).

// The application screens load on demand (their machines, schemas and texts stay out of the first download).
const loadApplyPage = () => import('./application/ApplyPage.tsx');
const ApplyPage = lazy(() => loadApplyPage().then((m) => ({ default: m.ApplyPage })));
// Verification and decision (issue 4): the PIN at /apply/verify, the store application's result precedence around
// the form, the checkpoint's welcome / retrieve screen. The idle-session warning loads when it is nearly due
// (idle/IdleWatch.tsx).
const VerifyPage = lazy(() => import('./verification/VerifyPage.tsx').then((m) => ({ default: m.VerifyPage })));
const loadApplicationGate = () => import('./result/ApplicationGate.tsx');
const ApplicationGate = lazy(() => {
  // the form's code travels beside the gate's instead of after the gate's decision (a request later): most visits
  // of /apply end on the form
  preloadApplication();
  readApplicationEarly();
  return loadApplicationGate().then((m) => ({ default: m.ApplicationGate }));
});
/**
 * The application page's first reads, asked for while its code loads instead of once it has: the session (the gate's
 * read and the form's) and the form's refresh of the store (the same paths as web/shopper/application/client.ts).
 */
function readApplicationEarly(): void {
  const session = getSession();
  if (!session) return;
  readEarly('/apply-v2/session', 2);
  readEarly(`/apply-v2/retailer/${encodeURIComponent(session.retailer)}/store/${encodeURIComponent(session.store)}`);
}
/** The application page's code (the gate and the form), fetched while a store link starts its session. */
function preloadApplication(): void {
  void loadApplicationGate().catch(() => undefined);
  void loadApplyPage().catch(() => undefined);
}
const CheckpointPage = lazy(() =>
  import('./checkpoint/CheckpointPage.tsx').then((m) => ({ default: m.CheckpointPage })),
);
// The identity check by mobile link (web/shopper/identity-check).
const IntellicheckPage = lazy(() =>
  import('./identity-check/IntellicheckPages.tsx').then((m) => ({ default: m.IntellicheckPage })),
);
// The checkout (issue 5): the resume link and one page for /process and /checkout/{child}, in their own chunk.
const ResumePage = lazy(() => import('./checkout/ResumePage.tsx').then((m) => ({ default: m.ResumePage })));
const CheckoutApp = lazy(() => import('./checkout/CheckoutApp.tsx').then((m) => ({ default: m.CheckoutApp })));
/** `/process`, `/checkout` and `/checkout/{child}`: one route, so the flow survives its own address changes. */
const CHECKOUT_PATH = /^\/(?<area>process|checkout)(?:\/(?<child>[^/]+))?\/?$/;
const IntellicheckExchange = lazy(() =>
  import('./identity-check/IntellicheckPages.tsx').then((m) => ({ default: m.IntellicheckExchange })),
);

function Loading() {
  const t = useT();
  return (
    <p role="status" aria-live="polite">
      {t('app.loading')}
    </p>
  );
}

/** A store link opens the application page once its session has started: that page's code loads meanwhile. */
function StoreLink() {
  useEffect(preloadApplication, []);
  return <Initiate />;
}

/**
 * The application page's frame for the session's store, read when it shows: App renders once, so a frame written
 * into its routes would keep the session of the first screen (none, for a store or checkout link that started one
 * since) and show no store and no picture of its form.
 */
function SessionApplyFrame() {
  return <ApplyFrame store={getSession()?.storeData} />;
}

/**
 * A retailer's checkout link: the checkout is exchanged for a session (ResumePage). One that opens the application
 * (first-step.ts) keeps the application page's picture that index.html painted, and that page's code loads while the
 * exchange is out (not before: its running would hold the exchange back).
 */
function CheckoutLink(params: { token: string; iframe: string; process?: string }) {
  const opensApplication = isPlainCheckoutLink(shellAddress(location.hash, location.search));
  return (
    <Suspense fallback={opensApplication ? <ApplyFrame formOf={DEFAULT_FORM_STORE} /> : <Loading />}>
      <ResumePage
        {...params}
        opensApplication={opensApplication}
        onResumed={opensApplication ? preloadApplication : undefined}
      />
    </Suspense>
  );
}

export function App() {
  return (
    <Router hook={useHashLocation}>
      <Layout>
        <Switch>
          <Route path="/" component={RetailerSelect} />
          <Route path="/apply">
            {/* the page's frame (as prerendered in index.html) until the application's code arrives */}
            <Suspense fallback={<SessionApplyFrame />}>
              <ApplicationGate>
                {/* a boundary of its own: the gate's frame (while it decides) gives way to this one, instead of
                    staying in the page, hidden, next to it */}
                <Suspense fallback={<SessionApplyFrame />}>
                  <ApplyPage />
                </Suspense>
              </ApplicationGate>
            </Suspense>
          </Route>
          <Route path="/apply/verify">
            <Suspense fallback={<Loading />}>
              <VerifyPage />
            </Suspense>
          </Route>
          <Route path="/not-found">
            <ErrorPage kind="storeNotFound" />
          </Route>
          <Route path="/checkpoint">
            <Suspense fallback={<Loading />}>
              <CheckpointPage />
            </Suspense>
          </Route>
          <Route path="/checkpoint/redirect">
            <Suspense fallback={<Loading />}>
              <CheckpointPage redirect />
            </Suspense>
          </Route>
          <Route path="/checkpoint/:token/:iframe/:process?">
            {(params: { token: string; iframe: string; process?: string }) => (
              <CheckoutLink token={params.token} iframe={params.iframe} process={params.process} />
            )}
          </Route>
          <Route path={CHECKOUT_PATH}>
            {(params: { area?: string; child?: string }) => (
              <Suspense fallback={<Loading />}>
                <CheckoutApp area={params.area ?? 'checkout'} child={params.child} />
              </Suspense>
            )}
          </Route>
          <Route path="/intellicheck">
            <Suspense fallback={<Loading />}>
              <IntellicheckPage />
            </Suspense>
          </Route>
          <Route path="/intellicheck/exchange/:token">
            {(params: { token: string }) => (
              <Suspense fallback={<Loading />}>
                <IntellicheckExchange token={params.token} />
              </Suspense>
            )}
          </Route>
          <Route path="/retailer-not-found">
            <ErrorPage kind="retailerNotFound" />
          </Route>
          <Route path="/store-not-found">
            <ErrorPage kind="storeNotFound" />
          </Route>
          <Route path="/application-not-found">
            <ErrorPage kind="applicationNotFound" />
          </Route>
          <Route path="/checkout-not-found">
            <ErrorPage kind="checkoutNotFound" />
          </Route>
          <Route path="/unknown" component={UnknownErrorPage} />
          <Route path="/403">
            <ErrorPage kind="forbidden" />
          </Route>
          <Route path="/:retailer/:store/initiate">
            <StoreLink />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Layout>
      <IdleWatch />
    </Router>
  );
}
