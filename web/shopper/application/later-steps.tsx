import { lazy, Suspense, type ReactNode } from 'react';
import { useAppT } from './text.ts';

// The wizard's steps after the first (address, home ownership, income, banking with its bank link, the identity check,
// the summary) and the single-page form load on their own, so the first step of a store link, a checkout link or a
// reload of /apply does not wait for their code (issue 24 point 4). The wizard fetches them once its first step is
// usable (`prefetchLaterSteps`), so moving on to the next step does not wait either.

const loaders = {
  address: () => import('./sections/AddressFields.tsx'),
  homeOwnership: () => import('./sections/HomeOwnershipFields.tsx'),
  income: () => import('./sections/IncomeFields.tsx'),
  banking: () => import('./sections/BankingFields.tsx'),
  bankLink: () => import('../bank-link/BankLinkPanel.tsx'),
  identityCheck: () => import('../identity-check/IdentityCheckStep.tsx'),
  confirmation: () => import('./Confirmation.tsx'),
};

export const AddressFields = lazy(() => loaders.address().then((m) => ({ default: m.AddressFields })));
export const HomeOwnershipFields = lazy(() =>
  loaders.homeOwnership().then((m) => ({ default: m.HomeOwnershipFields })),
);
export const IncomeFields = lazy(() => loaders.income().then((m) => ({ default: m.IncomeFields })));
export const BankingFields = lazy(() => loaders.banking().then((m) => ({ default: m.BankingFields })));
export const BankLinkPanel = lazy(() => loaders.bankLink().then((m) => ({ default: m.BankLinkPanel })));
export const IdentityCheckStep = lazy(() => loaders.identityCheck().then((m) => ({ default: m.IdentityCheckStep })));
export const Confirmation = lazy(() => loaders.confirmation().then((m) => ({ default: m.Confirmation })));

const loadSinglePage = () => import('./SinglePage.tsx');
export const SinglePage = lazy(() => loadSinglePage().then((m) => ({ default: m.SinglePage })));
/** The single-page form's code, asked for as soon as the page knows the store uses it (beside the store's data). */
export const prefetchSinglePage = (): void => void loadSinglePage().catch(() => undefined);

/** Without any interaction, the later steps' code is fetched this long after the first step showed. */
const PREFETCH_AFTER_MS = 5_000;
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

let prefetched = false;
/**
 * The later steps' code, fetched once per page load when the shopper first acts on the page after the first step
 * showed (the first step takes longer to fill in than these take to arrive), or 5 s after it showed, whichever comes
 * first: the first step's own loading and first input are not competing with it. A failure here is left to the step
 * that needs it (its own import, and the app's error handling).
 */
export function prefetchLaterSteps(): () => void {
  if (prefetched) return () => undefined;
  const fetchAll = () => {
    stop();
    if (prefetched) return;
    prefetched = true;
    for (const load of Object.values(loaders)) void load().catch(() => undefined);
  };
  const timer = setTimeout(fetchAll, PREFETCH_AFTER_MS);
  for (const type of INTERACTIONS) window.addEventListener(type, fetchAll, { capture: true, passive: true });
  function stop() {
    clearTimeout(timer);
    for (const type of INTERACTIONS) window.removeEventListener(type, fetchAll, { capture: true });
  }
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
