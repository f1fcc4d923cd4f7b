import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { ComingSoon } from './coming-soon/ComingSoon.tsx';
import { ErrorPage, NotFoundPage, UnknownErrorPage } from './errors/ErrorPages.tsx';
import { RetailerSelect } from './retailer-select/RetailerSelect.tsx';
import { Layout } from './shell/Layout.tsx';
import { Initiate } from './store/Initiate.tsx';
import { StoreApplication } from './store/StoreApplication.tsx';

// Every route of seed 000 section 2 (hash routing). Screens of later issues show a plain "not available yet" page.
const CHECKOUT_CHILDREN = [
  ['delivery-options', 'shell.screen.deliveryOptions'],
  ['lease', 'shell.screen.lease'],
  ['preview', 'shell.screen.preview'],
  ['sign', 'shell.screen.sign'],
  ['complete', 'shell.screen.complete'],
  ['payment', 'shell.screen.payment'],
  ['banking', 'shell.screen.banking'],
] as const;

export function App() {
  return (
    <Router hook={useHashLocation}>
      <Layout>
        <Switch>
          <Route path="/" component={RetailerSelect} />
          <Route path="/apply" component={StoreApplication} />
          <Route path="/not-found">
            <ErrorPage kind="storeNotFound" />
          </Route>
          <Route path="/checkpoint">
            <ComingSoon titleKey="shell.screen.checkpoint" />
          </Route>
          <Route path="/checkpoint/redirect">
            <ComingSoon titleKey="shell.screen.checkpointRedirect" requiresToken />
          </Route>
          <Route path="/checkpoint/:token/:iframe/:process?">
            <ComingSoon titleKey="shell.screen.resume" />
          </Route>
          <Route path="/process">
            <ComingSoon titleKey="shell.screen.process" />
          </Route>
          <Route path="/checkout">
            <ComingSoon titleKey="shell.screen.checkout" />
          </Route>
          {CHECKOUT_CHILDREN.map(([path, titleKey]) => (
            <Route key={path} path={`/checkout/${path}`}>
              <ComingSoon titleKey={titleKey} />
            </Route>
          ))}
          <Route path="/intellicheck">
            <ComingSoon titleKey="shell.screen.intellicheck" />
          </Route>
          <Route path="/intellicheck/exchange/:token">
            <ComingSoon titleKey="shell.screen.intellicheckExchange" />
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
          <Route path="/:retailer/:store/initiate" component={Initiate} />
          <Route component={NotFoundPage} />
        </Switch>
      </Layout>
    </Router>
  );
}
