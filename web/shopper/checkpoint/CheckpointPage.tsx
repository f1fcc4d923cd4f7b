import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { checkpointMachine, type CheckpointFinal } from '../../../machines/checkpoint/checkpoint.machine.ts';
import type { CheckpointSession } from '../../../machines/checkpoint/checkpoint-route.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import type { PinOutcome } from '../../../machines/pin/pin.machine.ts';
import { ApiError } from '../../lib/api.ts';
import { clearSession, getSession } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { postToHost, useHostMessaging } from '../../lib/host-messaging.ts';
import { setRetryTarget } from '../../lib/retry-target.ts';
import { sessionStore } from '../../lib/safe-storage.ts';
import {
  getApplicationState,
  getSessionInfo,
  patchDecisionState,
  readDecisionState,
  startNewApplication,
  type RetrieveAnswer,
  type SessionInfo,
} from '../verification/client.ts';
import { PinVerification } from '../verification/PinVerification.tsx';
import { useDecisionT } from '../verification/text.ts';
import { RequiresNewApp } from '../verification/VerifyPage.tsx';
import { Welcome } from '../welcome/Welcome.tsx';
import '../verification/decision.css';

/** Where each final route of machines/checkpoint leads on this page ('application' depends on the route). */
const ROUTE_PATHS: Partial<Record<CheckpointFinal, string>> = {
  lease: '/checkout/lease',
  sign: '/checkout/sign',
  payment: '/checkout/payment',
  complete: '/checkout/complete',
  existingApplication: '/apply',
  retailerSelect: '/',
};

export const MAY_CONTINUE_KEY = 'lto.mayContinue';

type View =
  | { kind: 'routing' }
  | { kind: 'welcome'; store: StoreView }
  | { kind: 'pin'; info: SessionInfo; uuid: string; note: string | null }
  | { kind: 'requiresNewApp' };

/**
 * `/checkpoint` (retrieve applicant or verify) and `/checkpoint/redirect` (requires a token): the checkpoint
 * machine decides where a returning shopper goes from the session's facts (seed 000 section 2, "Checkpoint
 * redirect logic"). On `/checkpoint` the default route is the welcome / retrieve screen; a retrieval waiting for
 * its PIN shows the PIN screen in retrieval mode.
 */
export function CheckpointPage({ redirect = false }: { redirect?: boolean }) {
  const { t, lang } = useDecisionT();
  const { brand, setBrandKey } = useBrand();
  const host = useHostMessaging();
  const [, navigate] = useLocation();
  const [view, setView] = useState<View>({ kind: 'routing' });
  const [info, setInfo] = useState<SessionInfo | null>(null);
  useDocumentTitle(t(redirect ? 'shell.screen.checkpointRedirect' : 'shell.screen.checkpoint'), brand.name);

  const machine = useMemo(
    () =>
      checkpointMachine.provide({
        actions: {
          storeMayContinue: () => sessionStore().setItem(MAY_CONTINUE_KEY, 'false'),
          notifyHost: (_, params) => {
            postToHost(params.event, { step: 'checkpoint' });
          },
        },
      }),
    [],
  );
  const empty: CheckpointSession = { checkout: null, verified: false, hasApplication: false, hasStore: false };
  const actor = useActorRef(machine, { input: { session: empty, redirectMode: host.mode !== 'iframe' } });
  const done = useSelector(actor, (s) => s.status === 'done');
  const route = useSelector(actor, (s) => s.context.route);

  // Gather the session's facts, then let the machine decide.
  useEffect(() => {
    const session = getSession();
    if (!session) {
      actor.send({ type: 'checkpoint.redirect', session: empty });
      return;
    }
    setBrandKey(session.storeData.brand);
    const controller = new AbortController();
    (async () => {
      const facts = await getSessionInfo(controller.signal);
      setInfo(facts);
      const state = readDecisionState();
      if (!redirect && state.retrieval && state.retrieval.uuid === facts.application_uuid) {
        setView({ kind: 'pin', info: facts, uuid: state.retrieval.uuid, note: state.retrieval.message });
        return;
      }
      let verified = false;
      if (facts.application_uuid && !(state.retrieval && state.retrieval.uuid === facts.application_uuid)) {
        verified = (await getApplicationState(lang, controller.signal)).verified;
      }
      actor.send({
        type: 'checkpoint.redirect',
        session: {
          checkout: facts.checkout_id ? { id: facts.checkout_id } : null,
          verified,
          hasApplication: Boolean(facts.application_uuid),
          hasStore: true,
        },
      });
    })().catch((error: unknown) => {
      if ((error as Error).name === 'AbortError') return;
      if (error instanceof ApiError && (error.code === 401 || error.code === 404)) {
        clearSession();
        actor.send({ type: 'checkpoint.redirect', session: empty });
        return;
      }
      if (error instanceof ApiError && error.code === 403) return;
      setRetryTarget(redirect ? '/checkpoint/redirect' : '/checkpoint');
      navigate('/unknown', { replace: true });
    });
    return () => controller.abort();
    // the facts are read once per visit
  }, [actor, redirect, navigate, setBrandKey]);

  useEffect(() => {
    if (!done || !route) return;
    if (route === 'application') {
      if (redirect || !info) navigate('/apply', { replace: true });
      else setView({ kind: 'welcome', store: info.store });
      return;
    }
    navigate(ROUTE_PATHS[route] ?? '/apply', { replace: true });
  }, [done, route, redirect, info, navigate]);

  const onVerify = useCallback(
    (answer: RetrieveAnswer) => {
      if (!info || !answer.application) return;
      setView({ kind: 'pin', info, uuid: answer.application.uuid, note: answer.message ?? null });
    },
    [info],
  );

  const onOutcome = useCallback(
    (outcome: PinOutcome) => {
      switch (outcome.outcome) {
        case 'verified':
        case 'maxed':
          patchDecisionState({ retrieval: null, error: false });
          if (outcome.outcome === 'verified') postToHost('update', { status: 'verified', step: 'verification' });
          navigate('/apply', { replace: true });
          return;
        case 'requiresNewApp':
          setView({ kind: 'requiresNewApp' });
          return;
        case 'newApplication':
        case 'edit':
          startNewApplication();
      }
    },
    [navigate],
  );

  switch (view.kind) {
    case 'routing':
      return (
        <p role="status" aria-live="polite">
          {t('checkpoint.routing')}
        </p>
      );
    case 'welcome':
      return <Welcome store={view.store} onVerify={onVerify} />;
    case 'pin':
      return (
        <PinVerification
          uuid={view.uuid}
          storeId={view.info.store.id}
          checkoutId={view.info.checkout_id}
          retrieval
          note={view.note ?? t('pin.retrievalNote')}
          onOutcome={onOutcome}
        />
      );
    case 'requiresNewApp':
      return <RequiresNewApp />;
  }
}
