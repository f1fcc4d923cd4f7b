import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useAppT } from './text.ts';

// The wizard's steps after the first (address, home ownership, income, banking with its bank link, the identity check,
// the summary) and the single-page form load on their own, so the first step of a store link, a checkout link or a
// reload of /apply does not wait for their code (issue 24 point 4). The wizard fetches them on the shopper's first act
// on the page (pointer, key or focus: `prefetchLaterSteps`), so moving on to the next step does not wait either.

/**
 * A component whose code loads on demand: once its code is in (prefetched, or loaded by an earlier render), it renders
 * at once, without React.lazy's pass through the Suspense fallback; before that, React.lazy's wait.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const fetch = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Waiting = lazy(() => fetch().then((component) => ({ default: component })));
  function OnDemand(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Waiting {...props} />;
  }
  return { Component: OnDemand, fetch };
}

const address = onDemand(() => import('./sections/AddressFields.tsx').then((m) => m.AddressFields));
const homeOwnership = onDemand(() => import('./sections/HomeOwnershipFields.tsx').then((m) => m.HomeOwnershipFields));
const income = onDemand(() => import('./sections/IncomeFields.tsx').then((m) => m.IncomeFields));
const banking = onDemand(() => import('./sections/BankingFields.tsx').then((m) => m.BankingFields));
const bankLink = onDemand(() => import('../bank-link/BankLinkPanel.tsx').then((m) => m.BankLinkPanel));
const identityCheck = onDemand(() =>
  import('../identity-check/IdentityCheckStep.tsx').then((m) => m.IdentityCheckStep),
);
const confirmation = onDemand(() => import('./Confirmation.tsx').then((m) => m.Confirmation));
const laterSteps = [address, homeOwnership, income, banking, bankLink, identityCheck, confirmation];

export const AddressFields = address.Component;
export const HomeOwnershipFields = homeOwnership.Component;
export const IncomeFields = income.Component;
export const BankingFields = banking.Component;
export const BankLinkPanel = bankLink.Component;
export const IdentityCheckStep = identityCheck.Component;
export const Confirmation = confirmation.Component;

const singlePage = onDemand(() => import('./SinglePage.tsx').then((m) => m.SinglePage));
export const SinglePage = singlePage.Component;
/** The single-page form's code, asked for as soon as the page knows the store uses it (beside the store's data). */
export const prefetchSinglePage = (): void => void singlePage.fetch().catch(() => undefined);

/**
 * Every later step's code, for a form that resumes (it may open on any step, the summary most often): the page
 * waits for it beside the application's answers, so the step it opens on is complete when it shows.
 */
export const loadLaterSteps = (): Promise<unknown> => Promise.allSettled(laterSteps.map((step) => step.fetch()));

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

let prefetched = false;
/**
 * The later steps' code, fetched once per page load when the shopper first acts on the page after the first step
 * showed (filling in the first step takes longer than these take to arrive), so the first step's own loading does not
 * compete with it, and a page left alone does nothing more (the idle warning's clock is the shopper's activity). A
 * failure here is left to the step that needs it (its own import, and the app's error handling).
 */
export function prefetchLaterSteps(): () => void {
  if (prefetched) return () => undefined;
  const stop = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, fetchAll, { capture: true });
  };
  const fetchAll = () => {
    stop();
    if (prefetched) return;
    prefetched = true;
    for (const step of laterSteps) void step.fetch().catch(() => undefined);
  };
  for (const type of INTERACTIONS) window.addEventListener(type, fetchAll, { capture: true, passive: true });
  return stop;
}

/** Around a later step: its code normally arrived long before; if not, the loading line until it does. */
export function LaterStep({ children }: { children: ReactNode }) {
  const { t } = useAppT();
  return (
    <Suspense
      fallback={
        <p role="status" aria-live="polite">
          {t('application.loading')}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}
