import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { BRANDS } from '../../../machines/domain/brands.ts';
import { ApiError } from '../../lib/api.ts';
import { getSession } from '../../lib/apply-session.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { ApplyFrame } from '../shell/ApplyFrame.tsx';
import { postToHost } from '../../lib/host-messaging.ts';
import {
  getApplicationState,
  getSessionInfo,
  patchDecisionState,
  readDecisionState,
  submitApplication,
  type ApplicationState,
  type SessionInfo,
} from '../verification/client.ts';
import '../verification/decision.css';

// The screens other than the form (the result with its calculator and payroll link, the 'Oops!' card, contract in
// progress, contact the store) load when the gate picks one, so a shopper on the form's first step does not wait for
// their code and texts (issue 24 point 4).
const ResultScreen = lazy(() => import('./ResultScreen.tsx').then((m) => ({ default: m.ResultScreen })));
const Busy = lazy(() => import('./GateScreens.tsx').then((m) => ({ default: m.Busy })));
const Oops = lazy(() => import('./GateScreens.tsx').then((m) => ({ default: m.Oops })));
const ContractInProgress = lazy(() => import('./GateScreens.tsx').then((m) => ({ default: m.ContractInProgress })));
const ContactStore = lazy(() => import('./GateScreens.tsx').then((m) => ({ default: m.ContactStore })));

type View =
  | { kind: 'loading' }
  | { kind: 'submitting' }
  | { kind: 'form'; fresh: boolean }
  | { kind: 'error' }
  | { kind: 'contractInProgress'; phone: string }
  | { kind: 'result'; app: ApplicationState; info: SessionInfo }
  | { kind: 'contactStore'; store: string; phone: string | null };

/**
 * Route `/apply` (the store application), seed 000 section 2's precedence: error ('Oops!'), then contract in
 * progress, then the application result, then contact-store, then the form (`children`: the application feature).
 * A verified application that was not submitted yet is submitted at once (seed 000 section 4, Confirmation).
 */
export function ApplicationGate({ children }: { children: ReactNode }) {
  const { lang } = useI18n();
  const [, navigate] = useLocation();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const session = getSession();
    if (!session) {
      setView({ kind: 'form', fresh: false }); // the form sends the shopper to the store select
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const state = readDecisionState();
      const info = await getSessionInfo(signal);
      // A retrieval bound this session to an application that still waits for its PIN.
      if (state.retrieval && state.retrieval.uuid === info.application_uuid)
        return navigate('/checkpoint', { replace: true });
      const brand = BRANDS[info.store.brand] ?? BRANDS.default;
      if (!info.application_uuid) {
        if (state.contractInProgress)
          return setView({
            kind: 'contractInProgress',
            phone: state.contractInProgress.phone || brand.inProgressPhone,
          });
        if (state.contactStore)
          return setView({ kind: 'contactStore', store: state.contactStore.store, phone: state.contactStore.phone });
        return setView({ kind: 'form', fresh: true });
      }
      const app = await getApplicationState(lang, signal);
      if (state.error) return setView({ kind: 'error' });
      if (app.hasContractInProgress) return setView({ kind: 'contractInProgress', phone: brand.inProgressPhone });
      if (app.submitted && app.result) return setView({ kind: 'result', app, info });
      if (app.verified && !app.submitted) {
        setView({ kind: 'submitting' });
        try {
          const result = await submitApplication(app.uuid, lang);
          const decided = await getApplicationState(lang, signal).catch(() => ({ ...app, submitted: true, result }));
          return setView({ kind: 'result', app: { ...decided, result: decided.result ?? result }, info });
        } catch (error) {
          if ((error as Error).name === 'AbortError') throw error;
          // An incomplete application (422) goes back to its form; anything else is the 'Oops!' card.
          if (error instanceof ApiError && error.code === 422) return setView({ kind: 'form', fresh: false });
          patchDecisionState({ error: true });
          postToHost('error', {
            status: error instanceof ApiError ? error.code : 0,
            step: 'submit',
            data: { message: 'result.oops.text' },
          });
          return setView({ kind: 'error' });
        }
      }
      if (state.contactStore)
        return setView({ kind: 'contactStore', store: state.contactStore.store, phone: state.contactStore.phone });
      return setView({ kind: 'form', fresh: false });
    })().catch((error: unknown) => {
      if ((error as Error).name === 'AbortError') return;
      // The form handles a missing store, an expired session and the rest on its own.
      setView({ kind: 'form', fresh: false });
    });
    return () => controller.abort();
    // decided once per visit (and on Retry); the result screen follows language changes itself
  }, [navigate, attempt]);

  return <Suspense fallback={<ApplyFrame store={getSession()?.storeData} />}>{gateView()}</Suspense>;

  function gateView() {
    switch (view.kind) {
      case 'loading':
        // the page's frame as the Suspense fallback around this gate shows it (App.tsx), the form's first step when
        // the store's form opens on it: nothing changes on screen while the gate decides
        return <ApplyFrame store={getSession()?.storeData} />;
      case 'submitting':
        return <Busy text="result.submitting" />;
      case 'error':
        return (
          <Oops
            onRetry={() => {
              patchDecisionState({ error: false });
              setView({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          />
        );
      case 'contractInProgress':
        return <ContractInProgress phone={view.phone} />;
      case 'contactStore':
        return <ContactStore store={view.store} />;
      case 'result':
        return <ResultScreen app={view.app} info={view.info} />;
      case 'form':
        return (
          <>
            {view.fresh && <RetrieveLink />}
            {children}
          </>
        );
    }
  }
}

// The link's text comes with the catalogue the page asked for at its start (the decision texts bundled with the other
// screens stay out of the form's first download): until that catalogue is in, no link rather than its key.
const RETRIEVE_LINK = 'welcome.retrieveLink';

function RetrieveLink() {
  const { t } = useI18n();
  if (t(RETRIEVE_LINK) === RETRIEVE_LINK) return null;
  return (
    <p className="retrieve-link">
      <Link href="/checkpoint">{t(RETRIEVE_LINK)}</Link>
    </p>
  );
}
